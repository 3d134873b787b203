import Sift

let text =
    #"{"book":[{"title":"Sayings","price":8.95},{"title":"Sword of Honour","price":12.99},"#
    + #"{"title":"Moby Dick","price":8.99,"isbn":"0-553"}],"limit":10}"#
let store = try JSONValue(parsing: text)
let cheap = try JSONPath("$.book[?@.price < $.limit].title").string
let withISBN = try JSONPath("$.book[?@.isbn].title").string
let longS = try JSONPath("$.book[?match(@.title, 'S.*') && length(@.title) > 10].price").double
let built = JSONPath.root.goTo("book").filter(try JSONPathFilter("@.price < 10")).goTo("title").string
print(cheap.values(in: store))  // ["Sayings", "Moby Dick"]
print(withISBN.values(in: store))  // ["Moby Dick"]
print(longS.values(in: store))  // [12.99]
print(built.values(in: store))  // ["Sayings", "Moby Dick"]

// Streamed: each candidate is decided as it is read.
let feed =
    #"{"body":[{"id":"a","metadata":{"flag":true,"score":0.9}},"#
    + #"{"id":"b","metadata":{"flag":false,"score":0.7}},{"id":"c","metadata":{"flag":true,"score":0.2}}]}"#
let flagged = try JSONPath("$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id").string
print(try JSONQuery.collect(flagged, from: .string(feed)))  // ["a"]
print(try JSONQuery.collect(withISBN, from: .string(text)))  // ["Moby Dick"]
print(try JSONQuery.collect(cheap, from: .string(text)))  // ["Sayings", "Moby Dick"]
