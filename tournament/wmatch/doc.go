// Package wmatch finds a maximum weight matching of a graph whose weights
// are wide integers (Weight): Edmonds' blossom algorithm with dual
// variables, for the Dutch pairing's lexicographic edge weights, where
// each criterion is a bit field and a matching of maximum weight
// optimises them in order.
//
// Weights must be positive (an edge of weight zero is no edge) and the
// matching is of maximum weight, not of maximum cardinality: the pairing
// puts its completion criterion in the highest bits instead.
//
// Match solves a sparse part of the graph first (the pairs near each
// other, Graph.Window, and those Graph.Whole marks), then certifies the
// rest by the duals it ended with and solves again with the pairs that
// fail, until none do: the result is optimal on the whole graph.
package wmatch
