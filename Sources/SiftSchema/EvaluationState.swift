import Sift

/// The parts of an ``Evaluation`` that only some keywords and failures use: errors kept for an
/// applicator that decides later, annotations, the outcomes of branches, the names and values
/// some keywords compare.
///
/// A class held by an optional, so that a frame without any of them costs nothing to make, move
/// and free; a frame's ``Evaluation/extra()`` makes it the first time one is written.
final class EvaluationState {
    var errors: [SchemaValidationError] = []
    var annotations = Annotations()

    /// Errors of failed `anyOf` / `oneOf` branches, reported only if the keyword fails.
    var branchErrors: [SchemaValidationError] = []
    var anyOfPassed = 0
    var oneOfPassed = 0
    /// Whether `oneOf` stopped undecided branches once two had passed: ``oneOfPassed`` is then
    /// a lower bound.
    var oneOfStopped = false
    var ifPassed: Bool?
    var thenOutcome: Outcome?
    var elseOutcome: Outcome?
    var dependentOutcomes: [(index: Int, outcome: Outcome)] = []

    /// The member names, for `dependentRequired`, `dependentSchemas` and a `required` of more
    /// than 64 names.
    var memberNames: Set<String> = []
    var unevaluatedMembers: [(name: String, outcome: Outcome)] = []

    var containsCount = 0
    var uniqueItems: [ExactValue: Int] = [:]
    var unevaluatedElements: [(index: Int, outcome: Outcome)] = []
}
