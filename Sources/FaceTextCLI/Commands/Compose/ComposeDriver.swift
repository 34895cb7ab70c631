import FaceText
#if canImport(Glibc)
import Glibc
#endif

/// The terminal driver of `compose`: reads keys, signals and incoming lines,
/// hands them to the ``Composer`` and draws its screen. The terminal is put
/// back on every way out.
final class ComposeDriver {
    /// Where sent messages go.
    enum Output {
        case none
        case sink(ByteSink)
    }

    let terminal: Terminal
    var composer: Composer
    var painter: ScreenPainter
    let output: Output
    let renders: Bool
    let incoming: IncomingLines?
    let history: HistoryFile?
    let heightLimit: Int?
    let now: () -> Int64
    private var decoder = KeyDecoder()
    private let renderer: FaceRenderer

    init(terminal: Terminal, composer: Composer, painter: ScreenPainter, output: Output, renders: Bool,
         incoming: IncomingLines?, history: HistoryFile?, heightLimit: Int?, now: @escaping () -> Int64) {
        self.terminal = terminal
        self.composer = composer
        self.painter = painter
        self.output = output
        self.renders = renders
        self.incoming = incoming
        self.history = history
        self.heightLimit = heightLimit
        self.now = now
        renderer = FaceRenderer(catalog: composer.catalog)
    }

    /// Runs until the person leaves or a signal ends it; returns how it ended.
    func run() -> ExitStatus {
        let signals = SignalEvents.start()
        defer { SignalEvents.stop() }
        begin()
        defer { end() }
        while true {
            var fds = [pollfd(fd: terminal.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if let incoming, !incoming.isRegular { fds.append(pollfd(fd: incoming.descriptor, events: Int16(POLLIN), revents: 0)) }
            let timeout: Int32 = decoder.isHoldingBytes ? 50 : incoming?.isRegular == true ? 200 : -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { return .failure }
            for number in SignalEvents.pending() {
                if let status = handleSignal(number) { return status }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                guard let bytes = terminal.read() else { return .signal(SIGHUP) }
                for key in decoder.keys(from: bytes) {
                    if let status = handle(key) { return status }
                }
            } else if ready == 0 && decoder.isHoldingBytes {
                for key in decoder.flush() {
                    if let status = handle(key) { return status }
                }
            }
            if let incoming {
                for line in incoming.newLines() { composer.receive(line) }
            }
            draw()
        }
    }

    /// Raw mode, the painter's area, the first frame.
    private func begin() {
        terminal.enterRawMode()
        let size = sizeForScreen()
        composer.resize(width: size.width, height: size.height)
        terminal.write(painter.start(height: size.height))
        draw()
    }

    /// The terminal as it was.
    private func end() {
        terminal.write(painter.finish())
        terminal.restore()
    }

    private func draw() {
        terminal.write(painter.frame(composer.screen()))
    }

    /// The size the screen model gets: the terminal's width, and its height or the inline limit.
    private func sizeForScreen() -> (width: Int, height: Int) {
        let size = terminal.size
        return (size.width, min(size.height, painter.fullscreen ? size.height : heightLimit ?? size.height))
    }

    /// Acts on a key; a status when compose ends.
    private func handle(_ key: TerminalKey) -> ExitStatus? {
        for action in composer.handle(key) {
            switch action {
            case .quit: return key == .interrupt ? .signal(SIGINT) : .success
            case .suspend: suspend()
            case .redraw: redrawAll()
            case .send(let line): send(line)
            }
        }
        return nil
    }

    /// Writes a message, then tells the composer whether it went.
    private func send(_ line: String) {
        if case .sink(let sink) = output {
            do throws(IOError) {
                try sink.write(Array(((renders ? renderer.render(line) : line) + "\n").utf8))
            } catch {
                composer.sendFailed(because: error.description)
                return
            }
        }
        let time = now()
        let uses = composer.sent(at: time)
        guard let history, !uses.isEmpty else { return }
        do throws(HistoryFile.Failure) {
            _ = try history.update { history in
                for (key, count) in uses { history.record(key, at: time, count: count) }
            }
        } catch {
            composer.show("recent faces not saved: \(error)", isError: true)
        }
    }

    /// Acts on a signal; a status when it ends compose.
    private func handleSignal(_ number: Int32) -> ExitStatus? {
        switch number {
        case SIGWINCH: redrawAll()
        case SIGTSTP: suspend()
        case SIGCONT:
            terminal.enterRawMode()
            redrawAll()
        default: return .signal(number)
        }
        return nil
    }

    /// Gives the terminal back, stops, and takes it again when continued.
    private func suspend() {
        end()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        SignalEvents.install(SIGTSTP)
        begin()
    }

    /// Draws everything again at the terminal's present size.
    private func redrawAll() {
        let size = sizeForScreen()
        if !painter.fullscreen {
            // The old area goes; a new one is made at the new height.
            terminal.write(painter.finish())
        } else {
            terminal.write(Array("\u{1B}[H\u{1B}[2J".utf8))
        }
        composer.resize(width: size.width, height: size.height)
        if !painter.fullscreen { terminal.write(painter.start(height: size.height)) }
        painter.invalidate()
        draw()
    }
}
