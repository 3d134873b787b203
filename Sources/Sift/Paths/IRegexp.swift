/// An I-Regexp (RFC 9485), compiled to a program run by a Pike VM: matching takes time
/// proportional to the text's length times the program's size, never backtracking.
///
/// Characters are Unicode scalars. `.` matches any scalar but `\n` and `\r`; `\p{..}` and
/// `\P{..}` test the scalar's general category. As in the regular-expression engines RFC 9485
/// maps to (and as the RFC 9535 compliance suite expects), `^` and `$` outside a character class
/// match at the start and at the end of the text.
struct IRegexp: Sendable {
    enum Instruction: Sendable {
        case scalar(IRegexpClass)
        case split(Int, Int)
        case jump(Int)
        case atStart, atEnd
        case match
    }

    let program: [Instruction]

    /// The most instructions a pattern may compile to (counted repetitions are expanded).
    static let maximumProgramSize = 50_000

    /// Compiles `pattern`; nil when it is not an I-Regexp (or expands beyond
    /// ``maximumProgramSize``).
    init?(_ pattern: String) {
        var parser = IRegexpParser(pattern)
        guard let node = parser.parse() else { return nil }
        var compiler = IRegexpCompiler()
        guard compiler.compile(node) else { return nil }
        compiler.program.append(.match)
        guard compiler.program.count <= Self.maximumProgramSize else { return nil }
        program = compiler.program
    }

    /// Whether the whole of `text` matches (the `match` function).
    func matchesWhole(_ text: String) -> Bool { run(Array(text.unicodeScalars), anywhere: false) }

    /// Whether some substring of `text` matches (the `search` function).
    func matchesPart(_ text: String) -> Bool { run(Array(text.unicodeScalars), anywhere: true) }

    private func run(_ text: [Unicode.Scalar], anywhere: Bool) -> Bool {
        var current = ThreadList(size: program.count)
        var next = ThreadList(size: program.count)
        var stack: [Int] = []
        if add(0, at: 0, count: text.count, to: &current, stack: &stack) && (anywhere || text.isEmpty) { return true }
        for (index, scalar) in text.enumerated() {
            next.clear()
            var matched = false
            for pc in current.members {
                guard case .scalar(let set) = program[pc], set.contains(scalar) else { continue }
                if add(pc + 1, at: index + 1, count: text.count, to: &next, stack: &stack) { matched = true }
            }
            if anywhere && add(0, at: index + 1, count: text.count, to: &next, stack: &stack) { matched = true }
            if matched && (anywhere || index + 1 == text.count) { return true }
            swap(&current, &next)
            if current.members.isEmpty && !anywhere { return false }
        }
        return false
    }

    /// Adds the thread at `start` and everything reachable from it without reading a scalar;
    /// true when one of them is the final match.
    private func add(_ start: Int, at position: Int, count: Int, to list: inout ThreadList, stack: inout [Int]) -> Bool
    {
        var matched = false
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .scalar: break
            case .match: matched = true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .atStart: if position == 0 { stack.append(pc + 1) }
            case .atEnd: if position == count { stack.append(pc + 1) }
            }
        }
        return matched
    }

    /// The threads of one step, each instruction at most once.
    private struct ThreadList {
        var members: [Int] = []
        var seen: [Bool]

        init(size: Int) { seen = Array(repeating: false, count: size) }

        mutating func insert(_ pc: Int) -> Bool {
            if seen[pc] { return false }
            seen[pc] = true
            members.append(pc)
            return true
        }

        mutating func clear() {
            for pc in members { seen[pc] = false }
            members.removeAll(keepingCapacity: true)
        }
    }
}

/// A set of scalars: ranges and general categories, possibly complemented.
struct IRegexpClass: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    /// Category names (`L`, `Lu`, …) with whether they are complemented (`\P{..}`).
    var categories: [(name: String, complemented: Bool)] = []
    var complemented = false

    /// Any scalar but `\n` and `\r` (`.`).
    static let dot = IRegexpClass(ranges: [10...10, 13...13], complemented: true)

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = ranges.contains { $0.contains(scalar.value) }
        if !found && !categories.isEmpty {
            let code = Self.code(of: scalar.properties.generalCategory)
            found = categories.contains { category in
                (code == category.name || code.hasPrefix(category.name) && category.name.count == 1)
                    != category.complemented
            }
        }
        return found != complemented
    }

    /// The two-letter Unicode name of a general category.
    static func code(of category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }
}

/// Compiles a parsed I-Regexp into ``IRegexp/Instruction``s.
struct IRegexpCompiler {
    var program: [IRegexp.Instruction] = []

    /// Appends the instructions of `node`; false when the program grows too large.
    mutating func compile(_ node: IRegexpNode) -> Bool {
        guard program.count <= IRegexp.maximumProgramSize else { return false }
        switch node {
        case .scalars(let set): program.append(.scalar(set))
        case .atStart: program.append(.atStart)
        case .atEnd: program.append(.atEnd)
        case .sequence(let nodes):
            for node in nodes where !compile(node) { return false }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                let split = program.count
                if index < branches.count - 1 { program.append(.split(split + 1, -1)) }
                guard compile(branch) else { return false }
                if index < branches.count - 1 {
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let body, let minimum, let maximum):
            return compileRepetition(body, minimum: minimum, maximum: maximum)
        }
        return true
    }

    private mutating func compileRepetition(_ body: IRegexpNode, minimum: Int, maximum: Int?) -> Bool {
        for _ in 0..<minimum where !compile(body) { return false }
        guard let maximum else {
            // body*: L: split(L+1, out); body; jump L
            let loop = program.count
            program.append(.split(loop + 1, -1))
            guard compile(body) else { return false }
            program.append(.jump(loop))
            program[loop] = .split(loop + 1, program.count)
            return true
        }
        var splits: [Int] = []
        for _ in minimum..<max(minimum, maximum) {
            splits.append(program.count)
            program.append(.split(program.count + 1, -1))
            guard compile(body) else { return false }
        }
        for split in splits { program[split] = .split(split + 1, program.count) }
        return true
    }
}

/// A parsed I-Regexp.
indirect enum IRegexpNode {
    case scalars(IRegexpClass)
    case atStart, atEnd
    case sequence([IRegexpNode])
    case alternation([IRegexpNode])
    case repetition(IRegexpNode, minimum: Int, maximum: Int?)
}
