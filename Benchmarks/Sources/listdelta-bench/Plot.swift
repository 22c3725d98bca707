import Foundation

/// A log–log SVG chart of median time against list size, one line per algorithm.
struct Plot {
    struct Series {
        var name: String
        var points: [(size: Int, milliseconds: Double)]
    }

    var title: String
    var subtitle: String
    var series: [Series]

    private static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#7f7f7f"]

    func svg() -> String {
        let width = 760.0, height = 480.0, left = 70.0, right = 220.0, top = 50.0, bottom = 50.0
        let all = series.flatMap(\.points)
        guard let minSize = all.map(\.size).min(), let maxSize = all.map(\.size).max(),
            let minTime = all.map(\.milliseconds).filter({ $0 > 0 }).min(),
            let maxTime = all.map(\.milliseconds).max()
        else { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>" }
        let xLow = floor(log10(Double(minSize))), xHigh = ceil(log10(Double(maxSize)))
        let yLow = floor(log10(minTime)), yHigh = ceil(log10(maxTime))
        func x(_ size: Int) -> Double { left + (log10(Double(size)) - xLow) / max(xHigh - xLow, 1) * (width - left - right) }
        func y(_ ms: Double) -> Double {
            height - bottom - (log10(max(ms, minTime)) - yLow) / max(yHigh - yLow, 1) * (height - top - bottom)
        }

        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(left)\" y=\"20\" font-size=\"15\">\(escape(title))</text>",
            "<text x=\"\(left)\" y=\"36\" font-size=\"11\" fill=\"#555\">\(escape(subtitle))</text>",
        ]
        for decade in Int(xLow)...Int(xHigh) {
            let px = x(Int(pow(10, Double(decade))))
            svg.append("<line x1=\"\(px)\" y1=\"\(top)\" x2=\"\(px)\" y2=\"\(height - bottom)\" stroke=\"#ddd\"/>")
            svg.append("<text x=\"\(px)\" y=\"\(height - bottom + 18)\" text-anchor=\"middle\">10^\(decade)</text>")
        }
        for decade in Int(yLow)...Int(yHigh) {
            let py = y(pow(10, Double(decade)))
            svg.append("<line x1=\"\(left)\" y1=\"\(py)\" x2=\"\(width - right)\" y2=\"\(py)\" stroke=\"#ddd\"/>")
            svg.append(
                "<text x=\"\(left - 8)\" y=\"\(py + 4)\" text-anchor=\"end\">\(formatMilliseconds(pow(10, Double(decade))))</text>"
            )
        }
        svg.append(
            "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 12)\" text-anchor=\"middle\">list size (elements, each side)</text>"
        )
        svg.append(
            "<text x=\"16\" y=\"\((top + height - bottom) / 2)\" transform=\"rotate(-90 16 \((top + height - bottom) / 2))\" text-anchor=\"middle\">median time</text>"
        )
        for (index, line) in series.enumerated() where !line.points.isEmpty {
            let color = Self.colors[index % Self.colors.count]
            let path = line.points.map { "\(x($0.size)),\(y($0.milliseconds))" }.joined(separator: " ")
            svg.append("<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>")
            for point in line.points {
                svg.append("<circle cx=\"\(x(point.size))\" cy=\"\(y(point.milliseconds))\" r=\"3\" fill=\"\(color)\"/>")
            }
            let legendY = top + 10 + Double(index) * 20
            svg.append(
                "<line x1=\"\(width - right + 16)\" y1=\"\(legendY)\" x2=\"\(width - right + 40)\" y2=\"\(legendY)\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            )
            svg.append("<text x=\"\(width - right + 46)\" y=\"\(legendY + 4)\">\(escape(line.name))</text>")
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    private func formatMilliseconds(_ ms: Double) -> String {
        ms >= 1000
            ? "\(Int(ms / 1000)) s"
            : ms >= 1 ? "\(Int(ms)) ms" : "\(ms * 1000 < 1 ? String(ms * 1000) : String(Int(ms * 1000))) µs"
    }
}
