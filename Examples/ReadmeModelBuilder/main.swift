import Sift

struct Order {
    var id = ""
    var total = 0.0
}

/// Builds an order in each scope the program opens, from the values of its paths.
struct OrderBuilder: MatchConsumer {
    static let orderTag = 0
    static let idTag = 1
    static let priceTag = 2
    var open: [Order] = []
    var orders: [Order] = []

    mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) -> Int {
        open.append(Order())
        return open.count - 1
    }

    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
        switch destination.tag {
        case Self.idTag: open[scope].id = (try? value.converted(to: String.self)) ?? ""
        case Self.priceTag: open[scope].total += (try? value.converted(to: Double.self)) ?? 0
        default: break
        }
    }

    mutating func endScope(_ scope: Int, at destination: MatchDestination) {
        orders.append(open.removeLast())
    }
}

let program = try MatchProgram { builder in
    let order = builder.addProgram()
    try builder.addScope(JSONPath("$.orders[*]"), childProgram: order, tag: OrderBuilder.orderTag)
    try builder.addMatch(JSONPath("$.id"), kind: .string, tag: OrderBuilder.idTag, program: order)
    try builder.addMatch(JSONPath("$.lines[*].price"), kind: .double, tag: OrderBuilder.priceTag, program: order)
}
let json = #"{"orders":[{"id":"A1","lines":[{"price":2.5},{"price":4}]},{"id":"B2","lines":[]}]}"#
for order in try program.run(.string(json), consumer: OrderBuilder()).orders {
    print(order.id, order.total)
}
