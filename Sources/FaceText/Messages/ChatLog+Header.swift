extension ChatLog {
    /// Who sent a message and when, as far as its export says.
    public struct Header: Sendable, Hashable {
        public var sender: String?
        /// The time's word (``ChatLog/Time``), 0 without a time: a header is made and handed
        /// on at every line that starts a message, and a plain word is the cheapest to copy.
        private var packedTime: UInt64

        public var time: ChatLog.Time? {
            get { packedTime == 0 ? nil : ChatLog.Time(packed: packedTime) }
            set { packedTime = newValue?.packed ?? 0 }
        }

        public init(sender: String? = nil, time: ChatLog.Time? = nil) {
            self.sender = sender
            packedTime = time?.packed ?? 0
        }
    }
}
