import type { EveningFormat } from '../../../common/evenings';
import type { TEveningFormat } from '../../../common/schemas/evenings';

/** The API's format names and the pairing rules' (`roi_du_terrain` is `king` inside). */
export const toRules = (f: TEveningFormat): EveningFormat => (f === 'roi_du_terrain' ? 'king' : f);
export const toApi = (f: EveningFormat): TEveningFormat => (f === 'king' ? 'roi_du_terrain' : f);
