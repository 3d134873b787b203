// Interim shims until the values branch lands (JSONValueDecoder now lives in Codable/).
import Foundation

extension JSONNumber {
    var doubleValue: Double? { Double(text) }
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        if let value = T(text) { return value }
        throw JSONNumberConversionError(text: text, typeName: "\(T.self)", reason: .outOfRange)
    }
}
