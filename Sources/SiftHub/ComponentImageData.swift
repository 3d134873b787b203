import Foundation
import Sift

/// The data of one image of a component: where to load it from, what to show meanwhile, or which
/// bundled image to use.
///
/// In the default schema it is the object at `images.main`, `images.background` or each member of
/// `images.custom` of a component:
///
/// ```swift
/// let json = #"{"images":{"main":{"uri":"https://example.com/a.jpg","placeholder":"album"}}}"#
/// let model = try ViewModel(parsing: .string("[\(json)]")).bodyComponents[0]
/// model.mainImageData?.url?.absoluteString   // "https://example.com/a.jpg"
/// model.mainImageData?.placeholderIcon       // "album"
/// ```
public struct ComponentImageData: Sendable, Equatable {
    /// The URL of a remote image (`uri`).
    ///
    /// ```swift
    /// image.url = URL(string: "https://example.com/cover.jpg")
    /// ```
    public var url: URL?

    /// The icon to show until the remote image has loaded (`placeholder`).
    ///
    /// ```swift
    /// image.placeholderIcon = "album"
    /// ```
    public var placeholderIcon: String?

    /// The name of a local (bundled) image (`local`).
    ///
    /// ```swift
    /// image.localImageName = "logo"
    /// ```
    public var localImageName: String?

    /// Free-form data for the image (`custom`).
    ///
    /// ```swift
    /// image.customData = ["style": "rounded"]
    /// ```
    public var customData: JSONObject?

    /// Creates image data; every property is optional.
    ///
    /// ```swift
    /// let image = ComponentImageData(url: URL(string: "https://example.com/a.jpg"), placeholderIcon: "album")
    /// ```
    public init(
        url: URL? = nil, placeholderIcon: String? = nil, localImageName: String? = nil,
        customData: JSONObject? = nil
    ) {
        self.url = url
        self.placeholderIcon = placeholderIcon
        self.localImageName = localImageName
        self.customData = customData
    }
}
