// Package trees is Brudno's laboratory of synthetic game trees: uniform
// trees T(w,d) made reproducibly from a seed, random or ordered, and the
// classic algorithms that search them, alpha-beta, SSS*, DUAL*, MTD(f)
// with SSS* and DUAL* as its instances MTD(+∞) and MTD(-∞), and
// Srimani and Marsland's phased search PS*(k), each counting the bottom
// positions it evaluates and the storage it needs. `brudno lab -trees`
// (cli/lab_trees.go) runs them.
//
// # Trees
//
// A tree is never stored. The root is a MAX node at depth 0, the leaves
// are at depth d, and a node is known by its depth and its generated
// index (the index of its path read in base w); a leaf's value is a hash
// of the tree's seed and that index, so every algorithm sees the same
// tree and any tree can be rebuilt from its seed. Two generators:
//
//   - iid: leaf values independent and uniform in [0, 2^31);
//   - campbell: after Campbell and Marsland (1983), whose scheme the PS*
//     report says it used, modified, for its trees: every arc (move) gets an independent value uniform in
//     [0, (2^31-1)/d], and a leaf's value is the sum of the arc values on
//     its path, so that siblings share all but their last arcs and values
//     are correlated as in real games. The report names the scheme and
//     no more, and the 1983 paper is not among the papers at hand: arc
//     values summed along the path is the scheme as we recall it, the
//     distribution, range and plain sum (from MAX's side throughout; a
//     negamax sum with alternating signs is the same distribution,
//     reflected) are our choices.
//
// Ordering. A tree of order R has, at every interior node, a best
// successor for the side to move among the first w/R (at least one);
// with probability p a node is ordered so, otherwise it keeps the random
// order (where the best may still fall in the first w/R). Ordered trees
// are built once, bottom up: every interior node's minimax value is
// computed from its successors' in generated order, and if the node is
// to be ordered (a hash of the seed and the node against p) and its best
// successor lies outside the first w/R, the best is swapped with a
// successor drawn uniformly from the first w/R. The result is one swap
// per interior node (w^(d-1)+... entries: 33,825 for T(32,4)) and w^d
// leaf hashes of work (a million for T(32,4), some 20 ms); leaf values
// are untouched, so an ordered tree of seed s has exactly the leaves of
// the random tree of seed s, rearranged. Random trees need no table and
// may be huge (w^d up to 2^58); ordered ones are limited to 2^26 leaves.
//
// # Counting
//
// Leaves counts distinct bottom positions evaluated; Evals counts every
// evaluation. They differ only for the MTD searches, whose re-searches
// meet leaves again (the table holds interior nodes only; a leaf met
// again is evaluated again): the papers count bottom positions visited,
// which is Leaves. Alpha-beta, SSS*, DUAL* and PS* never evaluate a leaf
// twice (a test checks it). Storage is the largest number of entries held
// at one time: OPEN for SSS* and DUAL*, OPEN plus BACKUP for PS*, table
// entries for MTD (never replaced), and the depth d for alpha-beta (its
// stack), as in the report's tables.
//
// # Algorithms
//
// Alpha-beta is fail-soft, depth first, left to right; with the root
// window (-∞, +∞) fail-hard would visit the same leaves. SSS* is
// Stockman's, with OPEN ordered by merit and ties to the leftmost node,
// and the Γ cases as the PS* report restates them. DUAL* is SSS* on the
// dual tree (values negated, MAX and MIN exchanged). MTD(f) follows
// Kopec, Marsland and Cox's Figure 12 with Plaat et al.'s memory-enhanced
// test (fail-soft null-window alpha-beta storing bounds per node), first
// guess the middle of the value range, 2^30; MTD(+∞) and MTD(-∞) are the
// same driver with those guesses, and visit the leaves of SSS* and DUAL*.
//
// PS*(k) follows the report's Table 1 where it is explicit. Where it is
// not, or the text is damaged, we chose as follows, and each choice is
// checked by the tests (the value on a sample of trees, PS*(1) = SSS*,
// PS*(w) = alpha-beta leaf for leaf, minimal trees):
//
//   - case 6, a solved successor n of a MAX node i at the head of OPEN:
//     n's merit is the highest in OPEN, so the rest of i's current
//     partition can do no better than max(low(i), merit); all the states
//     below i are purged from OPEN, and the BACKUP entries below i stay,
//     being what the purged states cannot stand for (partitions not yet
//     opened). 6b then opens the next partition of the first such node in
//     BACKUP (in order of insertion), or else i's own next partition, or,
//     with none left, solves i with its lower bound. With this reading
//     the largest OPEN + BACKUP on the report's trees is exactly the size
//     its tables print (21 and 7 for PS*(2) and PS*(4) on T(8,4), 85 and
//     15 on T(8,6), 273, 73, 21, 7 on T(32,4));
//   - a lower bound raised in case 6 is passed at once to the BACKUP
//     entries below (the report only copies a grandparent's bound when a
//     node is expanded, case 1); cut-offs test the bound in force;
//   - case 3b (a cut MIN node that ends its partition is solved with the
//     bound above it) is applied to every solved MIN node: its merit is at
//     least its MAX parent's lower bound, which is what the parent is
//     worth anyway. Without this a partition all of whose successors fall
//     below the parent's bound would linger behind the rest of the tree
//     with no state of OPEN standing for the parent's value.
//
// Ties in OPEN go to the leftmost node, as the report says, and the
// algorithms run on the same trees, so the leaf sets compare exactly.
package trees
