import Sift

let tokenizer = JSONTokenizer(handler: JSONEventClosure { event, context in
    print(context.path, event)
})
try tokenizer.feed(Array(#"{"a":[1,"#.utf8))
try tokenizer.feed(Array(#"true]}"#.utf8))
try tokenizer.finish()
