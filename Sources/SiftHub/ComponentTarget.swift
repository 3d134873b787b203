import Foundation
import Sift

/// What happens when the user selects a component: a URI to open, actions to perform, and
/// optionally the view model of the destination view, already loaded.
///
/// In the default schema it is the object at `target` of a component:
///
/// ```swift
/// let json = #"[{"target":{"uri":"spotify:album:1","actions":["player:play","bad"]}}]"#
/// let target = try ViewModel(parsing: .string(json)).bodyComponents[0].target
/// target?.uri?.absoluteString          // "spotify:album:1"
/// target?.actionIdentifiers            // [player:play]: "bad" is not namespace:name
/// ```
public struct ComponentTarget: Sendable, Equatable {
    /// The URI to open when the component is selected (`uri`).
    ///
    /// ```swift
    /// target.uri = URL(string: "https://example.com/album/1")
    /// ```
    public var uri: URL?

    /// The actions to perform when the component is selected (`actions`, each `namespace:name`).
    ///
    /// ```swift
    /// target.actionIdentifiers = [HubIdentifier(namespace: "player", name: "play")]
    /// ```
    public var actionIdentifiers: [HubIdentifier]

    /// Free-form data for the target (`custom`).
    ///
    /// ```swift
    /// target.customData = ["source": "home"]
    /// ```
    public var customData: JSONObject?

    /// The destination view's model, when the JSON already holds it (`view`).
    ///
    /// ```swift
    /// target.initialViewModel = ViewModel(navigationBarTitle: "Album")
    /// ```
    public var initialViewModel: ViewModel? {
        get { initialViewModelBox?.value }
        set { initialViewModelBox = newValue.map(ViewModelBox.init) }
    }

    /// A view model holds components, which hold targets, which hold view models: the nested one
    /// lives behind a reference.
    private var initialViewModelBox: ViewModelBox?

    /// Creates a target; every property is optional.
    ///
    /// ```swift
    /// let target = ComponentTarget(uri: URL(string: "spotify:album:1"))
    /// ```
    public init(
        uri: URL? = nil, actionIdentifiers: [HubIdentifier] = [], initialViewModel: ViewModel? = nil,
        customData: JSONObject? = nil
    ) {
        self.uri = uri
        self.actionIdentifiers = actionIdentifiers
        self.customData = customData
        self.initialViewModel = initialViewModel
    }

    /// Targets are equal when all their properties are.
    ///
    /// ```swift
    /// ComponentTarget(uri: URL(string: "a:b")) == ComponentTarget(uri: URL(string: "a:b")) // true
    /// ```
    public static func == (lhs: ComponentTarget, rhs: ComponentTarget) -> Bool {
        lhs.uri == rhs.uri && lhs.actionIdentifiers == rhs.actionIdentifiers
            && lhs.customData == rhs.customData && lhs.initialViewModel == rhs.initialViewModel
    }
}

/// An immutable reference holding a view model, so that a target can contain one.
final class ViewModelBox: Sendable {
    let value: ViewModel
    init(_ value: ViewModel) { self.value = value }
}
