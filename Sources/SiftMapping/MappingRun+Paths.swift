import Sift

extension MappingRun {
    /// The full path of the value of property `property` of `program`, read as its key path's
    /// `alternative` reading, in frame `frame`.
    func path(of frame: Int, program: Int, property: Int, alternative: Int) -> JSONNodePath {
        let keys = plan.programs[program].properties[property].alternatives[alternative]
        return path(of: frame, appending: keys.map { .key($0) })
    }

    /// The full path of a frame's value, plus `components`.
    func path(of index: Int, appending components: [JSONNodePath.Component] = []) -> JSONNodePath {
        var reversed: [JSONNodePath.Component] = components.reversed()
        var current = index
        while current > 0 {
            let frame = frames[current]
            let parent = frames[frame.parent]
            if case .array = plan.programs[parent.program].role {
                reversed.append(.index(frame.elementIndex))
            } else {
                let keys = plan.programs[parent.program].properties[frame.propertyIndex].alternatives[frame.alternative]
                for key in keys.reversed() { reversed.append(.key(key)) }
            }
            current = frame.parent
        }
        return JSONNodePath(prefix.components + reversed.reversed())
    }
}
