import FaceText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal driver of `compose`: reads keys, signals and incoming lines,
/// hands them to the ``Composer`` and draws its screen. The terminal is put
/// back on every way out.
final class ComposeDriver {
    /// Where sent messages go.
    enum Output {
        case none
        case sink(ByteSink)
        /// The other side's FIFO, which may not be open yet.
        case peer(PeerFIFO)
    }

    let terminal: Terminal
    var composer: Composer
    var painter: ScreenPainter
    let output: Output
    let renders: Bool
    let incoming: IncomingLines?
    let history: FaceHistory.File?
    let heightLimit: Int?
    let now: () -> Int64
    private var decoder = TerminalKey.Decoder()
    private let renderer: FaceRenderer

    init(terminal: Terminal, composer: Composer, painter: ScreenPainter, output: Output, renders: Bool,
         incoming: IncomingLines?, history: FaceHistory.File?, heightLimit: Int?, now: @escaping () -> Int64) {
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
        connectPeer()
        begin()
        defer { end() }
        var lastInput = Self.milliseconds()
        var incomingWaits = false
        while true {
            var fds = [pollfd(fd: terminal.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            // The other side's FIFO: told when it leaves (POLLERR), or when the pipe has room for what waits.
            let peer: PeerFIFO? = if case .peer(let peer) = output { peer } else { nil }
            let peerIndex = fds.count
            if let peer, peer.isConnected {
                fds.append(pollfd(fd: peer.descriptor, events: peer.hasPending ? Int16(POLLOUT) : 0, revents: 0))
            }
            if let incoming, !incoming.isRegular { fds.append(pollfd(fd: incoming.descriptor, events: Int16(POLLIN), revents: 0)) }
            // Held bytes wait a moment for the rest (a lone Escape), a paste a second for its end;
            // a followed file is read every 200 ms, at once while it has more.
            var timeout: Int32 = -1
            let idle = Int32(clamping: Self.milliseconds() - lastInput)
            if decoder.isHoldingBytes { timeout = max(0, Self.escapeWait - idle) }
            else if decoder.isPasting { timeout = max(0, Self.pasteWait - idle) }
            if incoming?.isRegular == true || peer?.isConnected == false { timeout = timeout < 0 ? 200 : min(timeout, 200) }
            if incomingWaits { timeout = 0 }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { return .failure }
            if let peer {
                if peer.isConnected && fds[peerIndex].revents & Int16(POLLERR | POLLHUP) != 0 {
                    peer.disconnect()
                } else if peer.isConnected && fds[peerIndex].revents & Int16(POLLOUT) != 0 {
                    do throws(PeerFIFO.Failure) { try peer.flush() } catch { composer.show("not sent: \(error.reason)", isError: true) }
                }
                connectPeer()
            }
            // Signals first, then keys, then at most one read of incoming lines: a flood of them
            // waits its turn, so keys and signals are answered within one read's work.
            for number in SignalEvents.pending() {
                if let status = handleSignal(number) { return status }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                guard let bytes = terminal.read() else { return .signal(SIGHUP) }
                lastInput = Self.milliseconds()
                for key in decoder.keys(from: bytes) {
                    if let status = handle(key) { return status }
                }
            } else {
                let idle = Self.milliseconds() - lastInput
                if (decoder.isHoldingBytes && idle >= Int(Self.escapeWait)) || (decoder.isPasting && idle >= Int(Self.pasteWait)) {
                    for key in decoder.flush() {
                        if let status = handle(key) { return status }
                    }
                }
            }
            if let incoming {
                let (lines, more) = incoming.newLines()
                for line in lines { composer.receive(line) }
                incomingWaits = more && incoming.isRegular
            }
            draw()
        }
    }

    /// How long held bytes wait for the rest of a sequence, in milliseconds.
    static let escapeWait: Int32 = 50
    /// How long a paste waits for more bytes before it is taken as ended.
    static let pasteWait: Int32 = 1_000

    /// A monotonic clock in milliseconds.
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000 + now.tv_nsec / 1_000_000
    }

    /// Opens the other side's FIFO when it is there; the status row waits for it until then.
    private func connectPeer() {
        guard case .peer(let peer) = output else { return }
        composer.notice = peer.connect() ? nil : "waiting for the other side…"
    }

    /// Raw mode, the painter's area, the first frame.
    private func begin() {
        terminal.enterRawMode(fullscreen: painter.fullscreen)
        let size = sizeForScreen()
        composer.resize(width: size.width, height: size.height)
        terminal.write(painter.start())
        draw()
    }

    /// The terminal as it was.
    private func end() {
        terminal.write(painter.finish())
        terminal.restore()
    }

    /// The new messages printed above (inline), then the screen.
    private func draw() {
        var bytes: [UInt8] = []
        if !painter.fullscreen { bytes = painter.printAbove(composer.newMessageRows(), width: composer.width) }
        composer.layOutInput()
        terminal.write(bytes + painter.frame(composer.screen()))
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
        let bytes = Array(((renders ? renderer.render(line) : line) + "\n").utf8)
        switch output {
        case .none: break
        case .sink(let sink):
            do throws(IOError) {
                try sink.write(bytes)
            } catch {
                composer.sendFailed(because: error.description)
                return
            }
        case .peer(let peer):
            do throws(PeerFIFO.Failure) {
                try peer.send(bytes)
            } catch {
                composer.sendFailed(because: error.reason)
                connectPeer()
                return
            }
        }
        let time = now()
        let uses = composer.sent(at: time)
        guard history != nil, !uses.isEmpty else { return }
        pendingUses.append((time, uses))
        saveUses(waiting: 0)
    }

    /// Face uses sent but not yet in the history file (its lock was held by another process).
    private(set) var pendingUses: [(time: Int64, uses: [(key: String, count: Int)])] = []

    /// Records the pending uses in the history file, waiting at most `waiting`
    /// milliseconds for its lock (never, while the screen is in use: a held lock
    /// keeps them for the next send, and the end). Returns what went wrong.
    @discardableResult
    func saveUses(waiting: Int) -> FaceHistory.File.Failure? {
        guard var history, !pendingUses.isEmpty else { return nil }
        history.lockWait = waiting
        do throws(FaceHistory.File.Failure) {
            _ = try history.update { history in
                for sent in pendingUses {
                    for (key, count) in sent.uses { history.record(key, at: sent.time, count: count) }
                }
            }
            pendingUses.removeAll()
            return nil
        } catch {
            if error.isLockBusy {
                composer.show("recent faces kept for later: another process holds the history's lock", isError: true)
            } else {
                pendingUses.removeAll()
                composer.show("recent faces not saved: \(error)", isError: true)
            }
            return error
        }
    }

    /// Acts on a signal; a status when it ends compose.
    private func handleSignal(_ number: Int32) -> ExitStatus? {
        switch number {
        case SIGWINCH: redrawAll()
        case SIGTSTP: suspend()
        case SIGCONT:
            terminal.enterRawMode(fullscreen: painter.fullscreen)
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
            // The old area goes; a new one is made at the new size.
            terminal.write(painter.finish())
        } else {
            terminal.write(Array("\u{1B}[H\u{1B}[2J".utf8))
        }
        composer.resize(width: size.width, height: size.height)
        if !painter.fullscreen { terminal.write(painter.start()) }
        painter.invalidate()
        draw()
    }
}
