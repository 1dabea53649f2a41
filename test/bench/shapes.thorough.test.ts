// The thorough tier's run of the shapes' agreement with the base shape, seeds 3 and 5 of 250 KB, and
// generated documents of every shape of 300 KB (shapes.test.ts runs seed 3 at 60 KB, every shape at 120 KB).
import { generatedShapesAsAsked, shapesAgreeWithTheBase } from './shapesAgreement';

shapesAgreeWithTheBase([3, 5], 250_000);
generatedShapesAsAsked(300_000);
