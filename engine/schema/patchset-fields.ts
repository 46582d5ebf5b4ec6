// The lengths a patch set's texts may run to (patchset.schema.json): the errata form checks them as they are typed,
// and saveAsErrata refuses longer ones in the same words (engine/words' tooLong).
import patchset from '../../schemas/patchset.schema.json';

const { title, citation, reason } = patchset.properties;
export const PATCH_SET_MAX = { title: title.maxLength, citation: citation.maxLength, reason: reason.maxLength };
