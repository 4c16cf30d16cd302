// Part 1 of the fuzzing of every operation of /openapi.json (support/abuse/fuzz.ts).
import { fuzzPart } from './support/abuse/fuzz.ts';

fuzzPart('abuse-fuzz-1', 1, 2);
