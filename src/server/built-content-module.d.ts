/**
 * The type of `#built-content` (package.json `imports`, condition `types`): the JSON file the build
 * writes (./built-content.ts), typed without the type checker reading the file, which a check run
 * before any build would not find.
 */
import type { BuiltContent } from './built-content';

export declare const itemLabels: BuiltContent['itemLabels'];
export declare const searchIndex: BuiltContent['searchIndex'];
