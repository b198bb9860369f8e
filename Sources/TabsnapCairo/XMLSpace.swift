extension Character {
    /// XML's white space — space, tab, line feed, carriage return — and a CR LF pair, which Swift
    /// reads as one `Character`: `" \t\r\n".contains(c)` holds " ", "\t" and "\r\n" only, so a
    /// lone line feed was no white space to the preflight (hostile round 101: a line break after
    /// a selector list's comma hid the next selector from every sheet check).
    var isXMLSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}
