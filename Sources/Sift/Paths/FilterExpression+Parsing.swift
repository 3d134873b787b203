/// Parsing of filter selectors (RFC 9535 §2.3.5.1) and their type checking (§2.4.3): every
/// ill-typed expression is a ``JSONPathSyntaxError`` at the start of the offending term.
extension JSONPathParser {
    /// A parsed term before its place decides its type: the grammar lets `@.a` be a test, an
    /// operand or a function argument, so the check happens when the place is known.
    enum FilterTerm {
        case literal(JSONValue, at: Int)
        case query(FilterQuery, at: Int)
        case function(FilterFunctionCall, at: Int)
        case logical(FilterExpression, at: Int)
    }

    /// Parses `?expr` (the position is at `?`).
    mutating func filterSelector() throws(JSONPathSyntaxError) -> FilterSelector {
        position += 1
        skipBlanks()
        let start = position
        let expression = try logicalExpression()
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        return FilterSelector(expression: expression, text: text)
    }

    /// Parses a whole logical expression (the body of a filter or of parentheses).
    mutating func logicalExpression() throws(JSONPathSyntaxError) -> FilterExpression {
        try logical(try orTerm())
    }

    private mutating func orTerm() throws(JSONPathSyntaxError) -> FilterTerm {
        filterNesting += 1
        defer { filterNesting -= 1 }
        guard filterNesting <= FilterExpression.maximumNesting else {
            throw error("filter expressions nest more than \(FilterExpression.maximumNesting) levels deep")
        }
        let first = try andTerm()
        var alternatives: [FilterExpression] = []
        while consume("||") {
            if alternatives.isEmpty { alternatives.append(try logical(first)) }
            skipBlanks()
            alternatives.append(try logical(try andTerm()))
        }
        return alternatives.isEmpty ? first : .logical(.or(alternatives), at: first.start)
    }

    private mutating func andTerm() throws(JSONPathSyntaxError) -> FilterTerm {
        let first = try basicTerm()
        var operands: [FilterExpression] = []
        while consume("&&") {
            if operands.isEmpty { operands.append(try logical(first)) }
            skipBlanks()
            operands.append(try logical(try basicTerm()))
        }
        return operands.isEmpty ? first : .logical(.and(operands), at: first.start)
    }

    private mutating func basicTerm() throws(JSONPathSyntaxError) -> FilterTerm {
        let start = position
        switch peek {
        case "!":
            position += 1
            skipBlanks()
            if peek == "(" { return .logical(.not(try parenthesized()), at: start) }
            let operandStart = position
            let operand = try primary()
            if case .literal = operand {
                throw error("'!' applies to a query, a function or a parenthesized expression", at: operandStart)
            }
            let negated = try logical(operand)
            let end = position
            skipBlanks()
            if let next = peek, "=<>".unicodeScalars.contains(next) || (next == "!" && peekNext == "=") {
                throw error("'!' cannot apply to a comparison: write !(…) around it", at: start)
            }
            position = end
            return .logical(.not(negated), at: start)
        case "(":
            return .logical(try parenthesized(), at: start)
        default:
            let left = try primary()
            guard let comparison = try comparisonOperator() else { return left }
            skipBlanks()
            let right = try primary()
            return .logical(.compare(try comparable(left), comparison, try comparable(right)), at: start)
        }
    }

    private mutating func parenthesized() throws(JSONPathSyntaxError) -> FilterExpression {
        position += 1
        skipBlanks()
        let expression = try logicalExpression()
        skipBlanks()
        guard peek == ")" else { throw error("expected ')'") }
        position += 1
        return expression
    }

    private var peekNext: Unicode.Scalar? { position + 1 < scalars.count ? scalars[position + 1] : nil }

    /// Reads `text` after optional blank space; leaves the position unchanged when it is not there.
    private mutating func consume(_ text: String) -> Bool {
        let saved = position
        skipBlanks()
        for scalar in text.unicodeScalars {
            guard peek == scalar else {
                position = saved
                return false
            }
            position += 1
        }
        return true
    }

    private mutating func comparisonOperator() throws(JSONPathSyntaxError) -> FilterComparison? {
        let saved = position
        skipBlanks()
        for comparison in [FilterComparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater] {
            position = saved
            if consume(comparison.rawValue) { return comparison }
        }
        skipBlanks()
        if peek == "=" { throw error("expected '==' to compare") }
        position = saved
        return nil
    }

    /// A literal, a query or a function call.
    private mutating func primary() throws(JSONPathSyntaxError) -> FilterTerm {
        let start = position
        switch peek {
        case "@", "$":
            let isAbsolute = peek == "$"
            position += 1
            return .query(FilterQuery(isAbsolute: isAbsolute, segments: try segments(inFilter: true)), at: start)
        case "'", "\"":
            return .literal(.string(try stringLiteral()), at: start)
        case let scalar? where scalar == "-" || (scalar >= "0" && scalar <= "9"):
            return .literal(.number(try numberLiteral()), at: start)
        case let scalar? where scalar >= "a" && scalar <= "z":
            var name = String.UnicodeScalarView()
            while let next = peek, (next >= "a" && next <= "z") || (next >= "0" && next <= "9") || next == "_" {
                name.append(next)
                position += 1
            }
            let text = String(name)
            if peek == "(" { return .function(try functionCall(text, at: start), at: start) }
            switch text {
            case "true": return .literal(.bool(true), at: start)
            case "false": return .literal(.bool(false), at: start)
            case "null": return .literal(.null, at: start)
            default: throw error("expected a literal, a query or a function call", at: start)
            }
        default:
            throw error("expected a literal, a query or a function call")
        }
    }

    private mutating func numberLiteral() throws(JSONPathSyntaxError) -> JSONNumber {
        let start = position
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { $0 >= "0" && $0 <= "9" } ?? false }
        if peek == "-" { position += 1 }
        guard isDigit(peek) else { throw error("expected a number", at: start) }
        if peek == "0" {
            position += 1
            if isDigit(peek) { throw error("numbers have no leading zeros", at: start) }
        }
        while isDigit(peek) { position += 1 }
        if peek == "." {
            position += 1
            guard isDigit(peek) else { throw error("expected a digit after '.'") }
            while isDigit(peek) { position += 1 }
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "-" || peek == "+" { position += 1 }
            guard isDigit(peek) else { throw error("expected a digit in the exponent") }
            while isDigit(peek) { position += 1 }
        }
        return JSONNumber(validatedText: String(String.UnicodeScalarView(scalars[start..<position])))
    }

    private mutating func functionCall(_ name: String, at start: Int) throws(JSONPathSyntaxError) -> FilterFunctionCall
    {
        guard let function = FilterFunction(rawValue: name) else {
            throw error("unknown function '\(name)'", at: start)
        }
        position += 1
        skipBlanks()
        var terms: [FilterTerm] = []
        if peek != ")" {
            while true {
                terms.append(try orTerm())
                skipBlanks()
                guard peek == "," else { break }
                position += 1
                skipBlanks()
            }
        }
        guard peek == ")" else { throw error("expected ',' or ')'") }
        position += 1
        let parameters = function.parameters
        guard terms.count == parameters.count else {
            let plural = parameters.count == 1 ? "argument" : "arguments"
            throw error("\(name)() takes \(parameters.count) \(plural), not \(terms.count)", at: start)
        }
        var arguments: [FilterArgument] = []
        for (term, kind) in zip(terms, parameters) { arguments.append(try argument(term, as: kind, of: function)) }
        var call = FilterFunctionCall(function: function, arguments: arguments)
        if function == .match || function == .search, case .value(.literal(.string(let pattern))) = arguments[1] {
            call.literalPattern = .some(IRegexp(pattern))
        }
        return call
    }

    private func argument(
        _ term: FilterTerm, as kind: FilterFunction.Kind, of function: FilterFunction
    ) throws(JSONPathSyntaxError) -> FilterArgument {
        switch kind {
        case .value:
            if case .logical = term {
                throw error("\(function.rawValue)() expects a value here, not a logical expression", at: term.start)
            }
            return .value(try comparable(term, as: "an argument of \(function.rawValue)()"))
        case .nodes:
            guard case .query(let query, _) = term else {
                throw error("\(function.rawValue)() expects a query here", at: term.start)
            }
            return .nodes(query)
        case .logical:
            return .logical(try logical(term))
        }
    }

    /// The term as a test (LogicalType), converting a query to an existence test.
    private func logical(_ term: FilterTerm) throws(JSONPathSyntaxError) -> FilterExpression {
        switch term {
        case .logical(let expression, _): return expression
        case .query(let query, _): return .exists(query)
        case .function(let call, let start):
            guard call.function.result == .logical else {
                throw error("the result of \(call.function.rawValue)() is a value: compare it", at: start)
            }
            return .test(call)
        case .literal(_, let start):
            throw error("a literal is not a test: compare it", at: start)
        }
    }

    /// The term as a compared value (ValueType).
    private func comparable(
        _ term: FilterTerm, as role: String = "a comparison"
    ) throws(JSONPathSyntaxError) -> FilterOperand {
        switch term {
        case .literal(let value, _): return .literal(value)
        case .query(let query, let start):
            guard query.isSingular else {
                throw error("a query in \(role) must be singular (names and indices only)", at: start)
            }
            return .query(query)
        case .function(let call, let start):
            guard call.function.result == .value else {
                throw error("the result of \(call.function.rawValue)() is a logical: it cannot be compared", at: start)
            }
            return .function(call)
        case .logical(_, let start):
            throw error("a logical expression cannot be compared", at: start)
        }
    }
}

extension JSONPathParser.FilterTerm {
    var start: Int {
        switch self {
        case .literal(_, let at), .query(_, let at), .function(_, let at), .logical(_, let at): at
        }
    }
}
