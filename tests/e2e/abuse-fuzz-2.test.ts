// Part 2 of the fuzzing of every operation of /openapi.json (support/abuse/fuzz.ts).
import { fuzzPart } from './support/abuse/fuzz.ts';

fuzzPart('abuse-fuzz-2', 2, 2);
