// SiftMapping's public API speaks Foundation: models hold `URL`s and `Date`s (`PropertyType.url`,
// `.date`), and `DateDecoder` takes a `DateFormatter`, a `TimeZone` or a `ParseStrategy`. The module
// re-exports Foundation whole, so that `import SiftMapping` alone compiles a model such as
// `struct Person: Mappable { let homepage: URL? }`: re-exporting only some of those types would
// leave a user's model compiling or not depending on which of them it names.
@_exported public import Foundation
