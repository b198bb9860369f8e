import Foundation

/// Reads input files — specs, icons, goldens, reports — that may come from anyone: only regular
/// files (a FIFO or a device would block or never end), opened without blocking, and only up to
/// a size limit, checked before anything is read.
package enum BoundedRead {
    /// Standard input to its end, refused past `limit` bytes (read no further than one byte past it).
    public static func standardInput(limit: Int, displayName: String) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw FileError(path: displayName, reason: "cannot read (\(String(cString: strerror(errno))))") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw FileError(path: displayName, reason: "is over the \(ByteCount(limit)) limit for this kind of file")
            }
        }
    }

    public static func bytes(of url: URL, limit: Int, displayName: String? = nil) throws(FileError) -> [UInt8] {
        let name = displayName ?? url.path
        let (descriptor, size) = try openRegular(url, name: name, limit: limit)
        defer { close(descriptor) }
        return try readAll(descriptor, size: size, name: name)
    }

    /// The `size` bytes of an open regular file (fewer when it shrank while being read).
    package static func readAll(_ descriptor: Int32, size: Int, name: String) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, size - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }  // shrank while reading: take what is there
                throw FileError.system(name, "cannot read")
            }
            filled += count
        }
        return filled == size ? bytes : Array(bytes[0..<filled])
    }
}

extension BoundedRead {
    /// An open descriptor and the size of a regular file of at most `limit` bytes; a FIFO is
    /// opened without blocking and refused, as are folders, devices and larger files.
    package static func openRegular(_ url: URL, name: String, limit: Int = .max) throws(FileError) -> (Int32, Int) {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            // A link to nothing, a loop or a socket is said as the folder listings say it.
            if let what = FolderWalk.notAFile(url.path) { throw FileError(path: name, reason: what + "; give a regular file") }
            throw FileError(path: name, reason: code == ENOENT ? "no such file" : "cannot read (\(String(cString: strerror(code))))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileError.system(name, "cannot read", errno: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let size = Int(info.st_size)
            guard size <= limit else {
                close(descriptor)
                throw FileError(path: name, reason: "is \(ByteCount(size)), over the \(ByteCount(limit)) limit for this kind of file")
            }
            return (descriptor, size)
        case S_IFDIR:
            close(descriptor)
            throw FileError(path: name, reason: "is a folder, not a file")
        default:
            close(descriptor)
            // Said of the path as named (a link to a FIFO is "a symbolic link to a FIFO").
            throw FileError(path: name, reason: FolderWalk.what(url.path, else: info) + "; give a regular file")
        }
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter).
    public static func prefix(of url: URL, count: Int) throws(FileError) -> [UInt8] {
        let (descriptor, _) = try openRegular(url, name: url.path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        return read > 0 ? Array(bytes.prefix(read)) : []
    }
}

/// A byte count for messages: 512 bytes, 3 KB, 2.5 MB, 1 GB (powers of 1024).
package struct ByteCount: CustomStringConvertible {
    public var bytes: Int
    public init(_ bytes: Int) { self.bytes = bytes }

    public var description: String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        if unit == 0 { return "\(bytes) bytes" }
        let text = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        return "\(text) \(units[unit])"
    }
}
