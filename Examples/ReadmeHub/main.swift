import SiftHub

let viewModel = try ViewModel(parsing: .file("home.json"))   // root object or root array

var builder = ViewModelBuilder()                              // several pages of one feed
try builder.add(.file("page1.json"))
try builder.add(.file("page2.json"))                          // same-id components merge
let merged = builder.build()

for try await component in HubSchema.default.components(in: .file("huge-feed.json")) {
    print(component.identifier, component.title ?? "")        // kept nothing of it afterwards
}

for try await component in HubSchema.default.components(in: .file("huge-feed.json"), parallelism: 4) {
    print(component.identifier)                               // the same, in order, on 4 threads
}

let rows = HubSchema.default.components(in: .file("huge-feed.json"), parallelism: 4) { component in
    "\(component.identifier): \(component.title ?? "")"       // made on the thread that parsed it
}
for try await row in rows { print(row) }
