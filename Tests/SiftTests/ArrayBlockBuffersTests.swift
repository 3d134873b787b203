import Testing

@testable import Sift

/// ``ArrayBlockBuffers``: an array given back when its block is parsed is the storage the next
/// block is read into, emptied; no more than the limit are kept; and an array whose storage is
/// still shared is never written under its other holder.
@Suite("ArrayBlockBuffers")
struct ArrayBlockBuffersTests {
    private static func address(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("an array given back is taken again with its storage, emptied, with room for a block")
    func givenBackIsTakenAgain() {
        let buffers = ArrayBlockBuffers(limit: 2, largest: 1 << 20)
        var bytes = buffers.take(capacity: 4096)
        #expect(bytes.isEmpty && bytes.capacity >= 4096)
        bytes.append(contentsOf: Array(repeating: 7, count: 4000))
        let storage = Self.address(bytes)
        buffers.give(consume bytes)
        var again = buffers.take(capacity: 4096)
        #expect(again.isEmpty && again.capacity >= 4096)
        #expect(Self.address(again) == storage)
        // A larger block grows the array taken.
        again.append(1)
        buffers.give(consume again)
        #expect(buffers.take(capacity: 1 << 16).capacity >= 1 << 16)
    }

    @Test("an array grown past the largest size kept is let go")
    func largeArraysAreLetGo() {
        let buffers = ArrayBlockBuffers(limit: 2, largest: 1 << 20)
        var bytes = buffers.take(capacity: 1 << 21)
        bytes.append(1)
        let storage = Self.address(bytes)
        buffers.give(consume bytes)
        #expect(Self.address(buffers.take(capacity: 16)) != storage)
    }

    @Test("no more than the limit are kept")
    func keepsAtMostTheLimit() {
        let buffers = ArrayBlockBuffers(limit: 2, largest: 1 << 20)
        var arrays = (0..<3).map { _ in buffers.take(capacity: 1024) }
        for index in arrays.indices { arrays[index].append(1) }
        while let bytes = arrays.popLast() { buffers.give(consume bytes) }
        #expect(buffers.keptCount == 2)
        _ = buffers.take(capacity: 1024)
        #expect(buffers.keptCount == 1)
    }

    @Test("an array whose storage another holder shares is never written under it")
    func sharedStorageIsLeftAlone() {
        let buffers = ArrayBlockBuffers(limit: 2, largest: 1 << 20)
        var bytes = buffers.take(capacity: 1024)
        bytes.append(contentsOf: [1, 2, 3])
        let held = bytes
        buffers.give(bytes)
        var next = buffers.take(capacity: 1024)
        next.append(contentsOf: [9, 9, 9, 9])
        #expect(held == [1, 2, 3])
        #expect(Self.address(next) != Self.address(held))
    }

    @Test("a handoff gives its bytes once")
    func handoffGivesOnce() {
        let handoff = ArrayBlockBuffers.Handoff([1, 2, 3])
        #expect(handoff.take() == [1, 2, 3])
        #expect(handoff.take().isEmpty)
    }
}
