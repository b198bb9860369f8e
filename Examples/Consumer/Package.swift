// swift-tools-version:6.0
import PackageDescription

// A package that uses Tabsnap as its users do: snapshot tests of its tab bars, with Tabsnap's
// own assertion and with swift-snapshot-testing. CI builds it and runs its tests (scripts/consumer),
// so the README's "Use it in your package" lines are known to work.
//
// `tabsnap` here is a link to this repository's root: a path dependency's identity is the last
// component of its path, so it is "tabsnap" — what a `.package(url: ".../tabsnap.git", …)`
// line gives too — whatever the checkout's folder is called.
let package = Package(
    name: "Consumer",
    dependencies: [
        .package(path: "tabsnap"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "TabsnapTesting", package: "tabsnap"),
                .product(name: "TabsnapSnapshotTesting", package: "tabsnap"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // swift-snapshot-testing's references are not sources or resources.
            exclude: ["__Snapshots__"]
        ),
    ]
)
