import Sift

let store = try JSONValue(
    parsing: #"{"book":[{"title":"Sayings","price":8.95},{"title":"Sword of Honour","price":12.99},"#
        + #"{"title":"Moby Dick","price":8.99,"isbn":"0-553"}],"limit":10}"#)
let cheap = try JSONPath("$.book[?@.price < $.limit].title").string
let withISBN = try JSONPath("$.book[?@.isbn].title").string
let longS = try JSONPath("$.book[?match(@.title, 'S.*') && length(@.title) > 10].price").double
let built = JSONPath.root.goTo("book").filter(try JSONPathFilter("@.price < 10")).goTo("title").string
print(cheap.values(in: store))  // ["Sayings", "Moby Dick"]
print(withISBN.values(in: store))  // ["Moby Dick"]
print(longS.values(in: store))  // [12.99]
print(built.values(in: store))  // ["Sayings", "Moby Dick"]
