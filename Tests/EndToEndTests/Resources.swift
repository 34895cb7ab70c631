import Foundation
import Testing

/// What a pipeline of the real binary takes.
enum Resources {
    /// Peak RSS in kilobytes, and CPU seconds (user and system, the least of
    /// `runs` runs), taken by a shell pipeline whose last command is facetext.
    static func measure(_ pipeline: String, runs: Int = 1) throws -> (kilobytes: Int, seconds: Double) {
        var best = (kilobytes: Int.max, seconds: Double.infinity)
        for _ in 0..<runs {
            let result = try BinaryRunner.shell("""
                /usr/bin/time -f '%M %U %S' -o /tmp/facetext-rss-$$ sh -c "\(pipeline) > /dev/null"
                cat /tmp/facetext-rss-$$; rm -f /tmp/facetext-rss-$$
                """)
            let parts = result.text.split(whereSeparator: \.isWhitespace).map(String.init)
            // GNU time writes a line of its own before the figures when the pipeline fails.
            guard parts.count == 3, let kilobytes = Int(parts[0]), let user = Double(parts[1]), let system = Double(parts[2]) else {
                Issue.record("cannot read GNU time's output: \(result.text) \(result.stderr)")
                return (-1, -1)
            }
            best = (min(best.kilobytes, kilobytes), min(best.seconds, user + system))
        }
        return best
    }
}
