// Package imagestest is the test kit every renderer's tests share, so that no renderer keeps
// a copy of it. A renderer's tests declare one [Suite] (the renderer, its view error, how its
// seeded games are played, its pictures' budget) and call it; the functions below it:
//
//   - golden pictures: [Goldens] runs [Golden], which compares each picture ([TablePicture],
//     [PrivatePicture]) and its phone-sized copy ([Phone]) with its PNG in testdata (rewritten
//     with -update) and checks that its smallest text reads at a phone's width ([Readable]:
//     at least images.PhoneLabel px once scaled to images.PhoneWidth), then [Concurrent],
//     which draws them all at once on one fresh renderer, pictures given back poisoned;
//   - the checks every renderer makes: [Sizes] (width, palette, encoded bytes, readability),
//     [BadViews] with [WrongViews] and [Drafts] (views and drafts refused or drawn), [DrawAll]
//     (every seat's pictures of one state), [SimilarTable] and [Similar] (the naive picture is
//     the fast one);
//   - the naive-vs-fast benchmark pair: [Pair], [BenchTable] and [BenchFast] with [Encode] and
//     [EncodeNaive], each reporting the size of its picture and the fast side how many times
//     faster it is than the naive measured in the same run (x-faster);
//   - [Play], a seeded game advanced by the AI ([LastFirst] or games.Hints) to the state a test
//     draws, and [Samples], which writes pictures for people to look at (-out DIR).
//
// The kit fails tests through testing.TB and keeps no state but its two flags, -update and
// -out.
package imagestest
