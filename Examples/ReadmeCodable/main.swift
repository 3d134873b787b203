import Sift

struct Item: Decodable { let id: Int; let name: String }

for try await item in try JSONInput.file("items.json").values(at: "$.items[*]", as: Item.self) {
    print(item.id)
}
try JSONInput.standardInput.forEachValue(at: "$.items[*]", as: Item.self) { print($0.name) }
let all = try JSONInput.file("items.json").decodeValues(at: "$.items[*]", as: Item.self)
