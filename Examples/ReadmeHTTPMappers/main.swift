import SiftHTTP

let people = HTTPDataLoader(
    client: client, resourcePath: "/people",
    mapper: MappedArrayDataMapper(of: Person.self, rootKeyPath: "people"))
for try await person in people.elements() { print(person.name) }  // valid ones, as they arrive

let home = try await HTTPDataLoader(client: client, resourcePath: "/home", mapper: ViewModelDataMapper()).load()
