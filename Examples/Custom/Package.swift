// swift-tools-version:6.0
import PackageDescription

// An app's own tab bar components, as Tabman's "Going Custom" describes them, used with Tabsnap
// the way a dependent package uses it: a layout, a button and an indicator of its own
// (TinderComponents), rendered and snapshot-tested in Swift, and a `tabsnap` of its own
// (tinder-tabsnap) whose specs name them. CI builds it and runs all of it (scripts/custom-example).
//
// The dependency goes through Examples/Consumer's link to this repository's root
// (../Consumer/tabsnap): a path dependency's identity is its last component, "tabsnap", as a
// `.package(url: ".../tabsnap.git", …)` line gives. A second link to the root inside the
// repository would let tools that follow links walk an ever-growing tree of the two.
let package = Package(
    name: "Custom",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../Consumer/tabsnap"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(name: "TinderComponents", dependencies: [.product(name: "Tabsnap", package: "tabsnap")]),
        .executableTarget(name: "tinder-tabsnap", dependencies: [
            "TinderComponents", .product(name: "TabsnapCommandLine", package: "tabsnap"),
        ]),
        .testTarget(
            name: "TinderComponentsTests",
            dependencies: [
                "TinderComponents",
                .product(name: "TabsnapTesting", package: "tabsnap"),
                .product(name: "TabsnapSnapshotTesting", package: "tabsnap"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
