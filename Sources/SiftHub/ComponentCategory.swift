/// The category of a component: what kind of thing it is, so that an application can fall back
/// to a sensible component when it does not know the requested one.
///
/// Categories are an open set: the Hub Framework's common ones are constants, and any other
/// string is a category too.
///
/// ```swift
/// let category: ComponentCategory = "card"
/// category == .card                         // true
/// ComponentCategory("gallery").rawValue     // "gallery"
/// ```
public struct ComponentCategory: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The category's name, as written in JSON.
    ///
    /// ```swift
    /// ComponentCategory.row.rawValue // "row"
    /// ```
    public var rawValue: String

    /// Creates a category from its name.
    ///
    /// ```swift
    /// ComponentCategory(rawValue: "banner") == .banner // true
    /// ```
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a category from its name.
    ///
    /// ```swift
    /// let category = ComponentCategory("gallery")
    /// ```
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a category from a string literal.
    ///
    /// ```swift
    /// let category: ComponentCategory = "row"
    /// ```
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The category's name.
    ///
    /// ```swift
    /// "\(ComponentCategory.card)" // "card"
    /// ```
    public var description: String { rawValue }

    /// A header at the top of a view or a section.
    ///
    /// ```swift
    /// model.componentCategory = .header
    /// ```
    public static let header = ComponentCategory(rawValue: "header")

    /// A row of a list.
    ///
    /// ```swift
    /// model.componentCategory = .row
    /// ```
    public static let row = ComponentCategory(rawValue: "row")

    /// A card, usually in a grid or a carousel.
    ///
    /// ```swift
    /// model.componentCategory = .card
    /// ```
    public static let card = ComponentCategory(rawValue: "card")

    /// A horizontally scrolling container of other components.
    ///
    /// ```swift
    /// model.componentCategory = .carousel
    /// ```
    public static let carousel = ComponentCategory(rawValue: "carousel")

    /// A banner, such as a promotion spanning the width of the view.
    ///
    /// ```swift
    /// model.componentCategory = .banner
    /// ```
    public static let banner = ComponentCategory(rawValue: "banner")
}
