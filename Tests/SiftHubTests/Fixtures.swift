import Foundation
import Sift
import Testing

/// Documents shared by the tests.
enum Fixtures {
    /// The example of the Hub JSON programming guide: a header, a carousel of 3 cards, a section
    /// header and 3 rows.
    static let guideExample = #"""
        {
            "header": {
                "id": "header",
                "component": {
                    "id": "default:header",
                    "category": "header"
                },
                "text": {
                    "title": "Delicious Food",
                    "subtitle": "Discover the tastes of the world"
                },
                "images": {
                    "background": {
                        "uri": "https://spotify.com/image/of/food.jpg",
                        "placeholder": "food"
                    }
                }
            },
            "body": [
                {
                    "id": "featured",
                    "component": {
                        "id": "default:carousel",
                        "category": "carousel"
                    },
                    "text": {
                        "title": "Great quick meals"
                    },
                    "children": [
                        {
                            "id": "featured-0",
                            "component": {
                                "id": "default:card",
                                "category": "card"
                            },
                            "text": {
                                "title": "Hamburger",
                                "description": "Very popular around the world - and quick both to make and eat!"
                            },
                            "images": {
                                "main": {
                                    "uri": "https://spotify.com/image/of/hamburger.jpg",
                                    "placeholder": "quickfood"
                                }
                            },
                            "target": {
                                "uri": "https://en.wikipedia.org/wiki/Hamburger"
                            }
                        },
                        {
                            "id": "featured-1",
                            "component": {
                                "id": "default:card",
                                "category": "card"
                            },
                            "text": {
                                "title": "Noodles",
                                "description": "Quick to boil - and can be served with many different accessories."
                            },
                            "images": {
                                "main": {
                                    "uri": "https://spotify.com/image/of/noodles.jpg",
                                    "placeholder": "quickfood"
                                }
                            },
                            "target": {
                                "uri": "https://en.wikipedia.org/wiki/Noodle"
                            }
                        },
                        {
                            "id": "featured-2",
                            "component": {
                                "id": "default:card",
                                "category": "card"
                            },
                            "text": {
                                "title": "Hot Dogs",
                                "description": "Whether you're having a barbeque or just a quick bite - it's awesome."
                            },
                            "images": {
                                "main": {
                                    "uri": "https://spotify.com/image/of/hotdog.jpg",
                                    "placeholder": "quickfood"
                                }
                            },
                            "target": {
                                "uri": "https://en.wikipedia.org/wiki/Hot_dog"
                            }
                        }
                    ]
                },
                {
                    "id": "sectionHeader",
                    "component": {
                        "id": "default:sectionHeader",
                        "category": "header"
                    },
                    "text": {
                        "title": "Delicious Swedish Food"
                    }
                },
                {
                    "id": "row-0",
                    "component": {
                        "id": "default:row",
                        "category": "row"
                    },
                    "text": {
                        "title": "Meatballs & mashed potatoes",
                        "subtitle": "A swedish classic"
                    },
                    "images": {
                        "main": {
                            "uri": "https://spotify.com/image/of/meatballs.jpg",
                            "placeholder": "sweden"
                        }
                    },
                    "target": {
                        "uri": "https://en.wikipedia.org/wiki/Meatball"
                    }
                },
                {
                    "id": "row-1",
                    "component": {
                        "id": "default:row",
                        "category": "row"
                    },
                    "text": {
                        "title": "Fried herring",
                        "subtitle": "Just be careful of the fermented version!"
                    },
                    "images": {
                        "main": {
                            "uri": "https://spotify.com/image/of/herring.jpg",
                            "placeholder": "sweden"
                        }
                    },
                    "target": {
                        "uri": "https://en.wikipedia.org/wiki/Herring"
                    }
                },
                {
                    "id": "row-2",
                    "component": {
                        "id": "default:row",
                        "category": "row"
                    },
                    "text": {
                        "title": "Cinnamon bun",
                        "subtitle": "If you're having a stressful day, just take a break for a \"fika!\""
                    },
                    "images": {
                        "main": {
                            "uri": "https://spotify.com/image/of/cinnamon-bun.jpg",
                            "placeholder": "sweden"
                        }
                    },
                    "target": {
                        "uri": "https://en.wikipedia.org/wiki/Cinnamon_roll"
                    }
                }
            ]
        }
        """#
}

extension Fixtures {
    /// A view model that uses every key of the default schema, nested views included.
    static let everyKey = #"""
        {
          "id": "everything",
          "title": "Every key",
          "header": {
            "id": "top",
            "group": "intro",
            "component": {"id": "custom:hero", "category": "header"},
            "text": {"title": "Title", "subtitle": "Subtitle", "accessory": "Accessory", "description": "Description"},
            "images": {
              "icon": "star",
              "main": {"uri": "https://example.com/main.jpg", "placeholder": "album", "local": "main-local", "custom": {"ratio": 1.50}},
              "background": {"uri": "images/background.png", "local": "bg"},
              "custom": {
                "badge": {"uri": "https://example.com/badge.png", "placeholder": "badge"},
                "logo": {"local": "logo", "custom": {"tint": "#fff"}}
              }
            },
            "target": {
              "uri": "spotify:album:1",
              "actions": ["player:play", "share:link"],
              "view": {
                "id": "album",
                "title": "Album",
                "header": {"id": "album-header", "text": {"title": "An album"}},
                "body": [{"id": "track-1", "text": {"title": "Track 1"}}, {"text": {"title": "Unnamed track"}}],
                "overlays": [{"id": "album-overlay"}],
                "custom": {"preloaded": true}
              },
              "custom": {"source": "home", "rank": null}
            },
            "metadata": {"uri": "spotify:track:1", "durations": [1, 2.50, -3e2]},
            "logging": {"impression": {"section": "top", "position": 0}},
            "custom": {"style": "large", "big": 12345678901234567890123},
            "children": [
              {"id": "child-a", "text": {"title": "A"}, "children": [{"id": "grandchild", "group": "deep"}]},
              {"text": {"title": "Unnamed child"}}
            ]
          },
          "body": [
            {"id": "row", "component": {"id": "row", "category": "row"}, "text": {"title": "Only a name"}},
            {"component": {"id": "default:card", "category": "gallery"}},
            {"id": "empty-images", "images": {"main": {}}, "target": {}}
          ],
          "overlays": [
            {"id": "toast", "component": {"id": "overlay:toast", "category": "banner"}, "text": {"title": "Saved"}}
          ],
          "custom": {"theme": "dark", "nested": {"list": [null, false, "x"]}}
        }
        """#
}

/// Parses JSON text into a value in memory.
func jsonValue(_ text: String) throws -> JSONValue {
    try #require(try JSONQuery.collect(JSONPath.root.value, from: .string(text)).first)
}

/// The UTF-8 bytes of `text` in chunks of `size` bytes, as an asynchronous sequence.
func chunks(_ text: String, size: Int) -> AsyncStream<[UInt8]> {
    let bytes = Array(text.utf8)
    return AsyncStream { continuation in
        var start = 0
        while start < bytes.count {
            continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        continuation.finish()
    }
}

/// A string value.
func string(_ text: String) -> JSONValue { .string(text) }

/// A number value from its JSON text.
func number(_ text: String) -> JSONValue { .number(JSONNumber(text: text)!) }

/// An object value from members in order.
func object(_ members: (String, JSONValue)...) -> JSONValue {
    .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
}

/// An object from key-value pairs in order.
func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
    JSONObject(pairs.map { JSONObject.Member(key: $0.key, value: $0.value) })
}
