// The thorough tier's run of the shapes' agreement with the base shape: seeds 3 and 5 (shapes.test.ts runs seed 3).
import { shapesAgreeWithTheBase } from './shapesAgreement';

shapesAgreeWithTheBase([3, 5]);
