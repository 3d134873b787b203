/// Writes a deterministic number-heavy GeoJSON document shaped like canada.json: a
/// `FeatureCollection` of polygons whose rings are long random walks of `[longitude,latitude]`
/// pairs written with up to 15 decimals (`[-65.613616999999977,43.420273000000009]`).
///
/// ```swift
/// let geo = GeoJSONGenerator(size: 16 << 20).makeData()
/// ```
struct GeoJSONGenerator: JSONDocumentGenerator {
    private enum Phase { case opening, features, done }

    let targetSize: Int
    private var random: SplitMix64
    private var phase = Phase.opening
    private var written = 0
    private var index = 0

    /// A collection of about `size` bytes (it ends with the first feature that reaches the size).
    init(size: Int, seed: UInt64 = 0x4745_4F4A_534F_4E21) {
        targetSize = size
        random = SplitMix64(seed: seed)
    }

    var estimatedSize: Int { targetSize + 128 * 1024 }

    /// Fixed point: one degree is 10^15 units, so every printed digit comes from an integer.
    private static let unit: UInt = 1_000_000_000_000_000

    mutating func writeNextPiece(into output: inout [UInt8]) -> Bool {
        let before = output.count
        switch phase {
        case .opening:
            output.append(#"{"type":"FeatureCollection","features":["#)
            phase = .features
        case .features:
            if written >= targetSize, index > 0 {
                output.append("]}")
                phase = .done
            } else {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeFeature(into: &output)
                index += 1
            }
        case .done:
            return false
        }
        written += output.count - before
        return true
    }

    private mutating func writeFeature(into out: inout [UInt8]) {
        out.append(#"{"type":"Feature","properties":{"name":"Region "#)
        out.appendDecimal(index)
        out.append(#""},"geometry":{"type":"Polygon","coordinates":["#)
        var longitude = -(50 + random.below(90)) * Int(Self.unit)
        var latitude = (42 + random.below(40)) * Int(Self.unit)
        for ring in 0..<random.within(1...3) {
            if ring > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            for point in 0..<random.within(200...2000) {
                if point > 0 { out.append(UInt8(ascii: ",")) }
                // A step of up to ±0.01 degree.
                longitude += random.below(20_000_000_000_001) - 10_000_000_000_000
                latitude += random.below(20_000_000_000_001) - 10_000_000_000_000
                out.append(UInt8(ascii: "["))
                appendCoordinate(longitude, into: &out)
                out.append(UInt8(ascii: ","))
                appendCoordinate(latitude, into: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("]}}")
    }

    /// Prints a fixed-point coordinate: usually all 15 decimals, sometimes trimmed to 6.
    private mutating func appendCoordinate(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        out.appendDigits(magnitude / Self.unit, minimumCount: 1)
        out.append(UInt8(ascii: "."))
        if random.chance(25) {
            out.appendDigits(magnitude % Self.unit / 1_000_000_000, minimumCount: 6)
        } else {
            out.appendDigits(magnitude % Self.unit, minimumCount: 15)
        }
    }
}
