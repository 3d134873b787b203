/// A finished nested model on its way to the property that holds it (``HubValue``).
///
/// The model is moved into the box and moved out of it when it is assigned, so its fields are
/// never copied: an `indirect` enum case would copy every field out of its box, then release
/// them all with the box. The model lives in storage of its own, so that destroying an emptied
/// box does not look up the metadata of an optional model.
final class HubModelBox<Model> {
    private let storage: UnsafeMutablePointer<Model>
    private var isTaken = false

    init(_ model: consuming Model) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: consume model)
    }

    deinit {
        if !isTaken { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The model, moved out of the box (a box is assigned once).
    func take() -> Model {
        precondition(!isTaken, "a Hub model box is taken twice")
        isTaken = true
        return storage.move()
    }
}
