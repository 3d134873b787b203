import SiftHub

let parser = ComponentModelParser(schema: .default) { component in
    rows.append(component)
}
for chunk in chunks { try parser.feed(chunk) }
try parser.finish()
