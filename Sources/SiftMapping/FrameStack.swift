/// The frames of a ``MappingRun``, in memory of their own: a frame's fields are read and
/// written in place, with no copy-on-write check of an array per access.
///
/// A `[Frame]` cost a uniqueness check (and a bounds check) for every field written: a model
/// scope sets about ten fields when it opens and a scalar two, several times per token. Frames
/// are only ever appended (the stack keeps the frames of closed scopes for reuse at the same
/// depth), so the storage grows and is never shrunk; the run frees it (``release()``).
///
/// ```swift
/// var frames = FrameStack()
/// frames.append(MappingRun.Frame(program: 0, parent: -1))
/// frames[0].elementCount += 1
/// ```
struct FrameStack {
    private var base: UnsafeMutablePointer<MappingRun.Frame>
    private var capacity: Int
    /// How many frames there are.
    private(set) var count = 0

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    subscript(index: Int) -> MappingRun.Frame {
        unsafeAddress {
            precondition(index >= 0 && index < count, "frame index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(index >= 0 && index < count, "frame index out of range")
            return base + index
        }
    }

    /// Adds a frame on top.
    mutating func append(_ frame: MappingRun.Frame) {
        if count == capacity {
            let grown = UnsafeMutablePointer<MappingRun.Frame>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: frame)
        count += 1
    }

    /// Destroys the frames and frees their memory; the stack is not used after.
    mutating func release() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
    }
}
