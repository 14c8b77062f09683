// Package imagestest is the test kit every renderer's tests share, so that no renderer keeps
// a copy of it:
//
//   - golden pictures: [Golden] compares each picture, and its phone-sized copy, with its PNG
//     in testdata (rewritten with -update) and checks that its smallest text reads at a
//     phone's width ([Readable]); [Concurrent] draws them all at once on one fresh renderer;
//   - the checks every renderer makes: [Sizes] (width, palette, encoded bytes, readability),
//     [BadViews] and [Drafts] (views and drafts refused or drawn), [DrawAll] (every seat's
//     pictures of one state), [Similar] (the naive picture equals the fast one);
//   - the naive-vs-fast benchmark pair: [Pair], [BenchTable] and [BenchFast], each
//     reporting the size of its picture and the fast side how many times faster it is than
//     the naive measured in the same run (x-faster);
//   - [Play], a seeded game advanced by the built-in AI to the state a test draws, and
//     [Samples], which writes pictures for people to look at (-out DIR).
//
// The kit asserts through testing.TB and keeps no state but its two flags, -update and -out.
package imagestest
