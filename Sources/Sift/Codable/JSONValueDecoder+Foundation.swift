import Foundation

extension JSONValueDecoder {
    /// Creates a decoder with the settings of a Foundation `JSONDecoder`: its date, data,
    /// non-conforming float and key strategies and its `userInfo`, read once, now.
    ///
    /// Returns nil when the `JSONDecoder` uses something this decoder does not mirror:
    /// `allowsJSON5`, `assumesTopLevelDictionary`, or a strategy case it does not know (such as
    /// `.formatted` dates where Foundation has it). Code that accepts a configured `JSONDecoder`
    /// can then decode with Sift and keep Foundation for the rest.
    ///
    /// ```swift
    /// let foundation = JSONDecoder()
    /// foundation.keyDecodingStrategy = .convertFromSnakeCase
    /// foundation.dateDecodingStrategy = .secondsSince1970
    /// if let decoder = JSONValueDecoder(matching: foundation) {
    ///     let user = try decoder.decode(User.self, from: value)  // "created_at": 1700000000
    /// }
    /// ```
    public init?(matching decoder: JSONDecoder) {
        guard !decoder.allowsJSON5, !decoder.assumesTopLevelDictionary else { return nil }
        self.init()
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: dateDecodingStrategy = .iso8601
        case .custom(let read): dateDecodingStrategy = .custom(read)
        @unknown default: return nil
        }
        switch decoder.dataDecodingStrategy {
        case .deferredToData: dataDecodingStrategy = .deferredToData
        case .base64: dataDecodingStrategy = .base64
        case .custom(let read): dataDecodingStrategy = .custom(read)
        @unknown default: return nil
        }
        switch decoder.nonConformingFloatDecodingStrategy {
        case .throw: nonConformingFloatDecodingStrategy = .throw
        case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
        }
        switch decoder.keyDecodingStrategy {
        case .useDefaultKeys: keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let key): keyDecodingStrategy = .custom(key)
        @unknown default: return nil
        }
        userInfo = decoder.userInfo
    }
}
