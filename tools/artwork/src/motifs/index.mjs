/**
 * Which motif draws which subject. Recipes are tried in order against the normalised subject
 * (" products speciality finishes speciality finish water repellent water repellent "), so
 * item-level keywords come first and the broad family fallbacks last.
 */
import * as sci from './science.mjs';
import * as bot from './botanical.mjs';
import * as pr from './prints.mjs';
import * as fin from './finishes.mjs';
import * as col from './colour.mjs';
import * as co from './company.mjs';

/** @typedef {import('../svg.mjs').Scene} Scene */
/**
 * How one family of subjects is drawn.
 * @typedef {object} Recipe
 * @property {string} name
 * @property {RegExp | null} test matched against the normalised subject; null for the fallback
 * @property {(s: Scene) => string} draw the motif's SVG markup
 * @property {import('./background.mjs').Texture} [texture] the backdrop's "lab paper"
 * @property {string | string[]} [accent] ramp name(s) for the subject's own colour
 * @property {import('../svg.mjs').Tone} [tone]
 */

/**
 * @param {string} name
 * @param {RegExp | null} test
 * @param {Recipe['draw']} draw
 * @param {Pick<Recipe, 'texture' | 'accent' | 'tone'>} [extra]
 * @returns {Recipe}
 */
const R = (name, test, draw, extra = {}) => ({ name, test, draw, ...extra });

export const RECIPES = [
  // Company pages: these words only ever come from page alt texts and captions.
  R('laboratory', / laborator| flask| glassware| beaker/, co.laboratory, { texture: 'hex', accent: 'teal' }),
  R('team', / interlinked| team | teamwork| people/, co.team, { texture: 'dots' }),
  R('padder', / roller| padder| pilot plant| mangle/, co.padder, { texture: 'grid', accent: 'amber' }),
  R('capsules-on-fabric', / microcapsules/, (s) => sci.capsulesOnFabric(s, { trails: false, count: 9 }), { texture: 'dots', accent: 'amber' }),
  // Speciality prints.
  R('puff', / puff/, (s) => pr.raisedPrint(s, 'puff'), { texture: 'dots' }),
  R('high-density', / high density| hd print/, pr.densityBlocks, { texture: 'grid', accent: 'orange' }),
  R('silicone', / silicone| 3d /, (s) => pr.raisedPrint(s, 'gloss'), { texture: 'dots', accent: 'sky' }),
  R('rubber', / rubber| plastisol/, (s) => pr.raisedPrint(s, 'matt'), { texture: 'dots', accent: 'indigo' }),
  R('foil', / foil/, pr.foil, { texture: 'lines', tone: 'deep' }),
  R('metallic', / metallic| metal /, pr.metallicRibbons, { texture: 'lines' }),
  R('glitter', / glitter| sparkle| shimmer/, pr.glitter, { texture: 'dots' }),
  R('pearl', / pearl| nacre| iridescen/, pr.pearl, { texture: 'dots' }),
  R('glow', / glow| phosphoresc| luminous/, pr.glow, { texture: 'dots', tone: 'deep' }),
  R('reflective', / reflective| retro reflect/, pr.reflective, { texture: 'lines', tone: 'deep' }),
  R('discharge', / discharge/, pr.discharge, { tone: 'deep' }),
  R('suede', / suede| flock| velvet/, pr.suede, { texture: 'dots' }),
  R('crackle', / crackle| crack/, pr.crackle, {}),
  R('devore', / burn out| devor/, pr.devore, {}),
  R('gel', / gel print| gel /, pr.gel, { texture: 'dots' }),
  R('photochromic', / photochrom| uv reactive/, pr.photochromic, { texture: 'dots', accent: 'violet' }),
  R('thermochromic', / thermochrom/, pr.thermochromic, { texture: 'grid' }),
  R('scented', / scented print| scratch/, pr.scented, { texture: 'dots', accent: 'rose' }),
  // Plants and fragrances: item names are specific, so they go first.
  R('lavender', / lavender/, (s) => bot.lavender(s, { oil: / essential| oil /.test(s.subject) }), { texture: 'dots', accent: 'violet' }),
  R('lemongrass', / lemongrass/, bot.lemongrass, { texture: 'lines', accent: 'lime' }),
  R('citrus', / citrus| lemon| orange| bergamot| grapefruit/, bot.citrus, { texture: 'dots', accent: 'orange' }),
  R('berries', / berr/, bot.berries, { texture: 'dots', accent: 'fuchsia' }),
  R('cedar', / cedar| wood | woody| vetiver/, bot.woodRings, { texture: 'lines', accent: 'amber' }),
  R('sandalwood', / sandal/, bot.sandalwood, { texture: 'dots', accent: 'amber' }),
  R('amber-oud', / oud| resin| incense/, bot.amberOud, { texture: 'dots', accent: 'amber' }),
  R('cotton-fresh', / cotton fresh| fresh linen| clean/, bot.cottonFresh, { texture: 'dots', accent: 'sky' }),
  R('green-tea-leaf', / tea leaf| bamboo/, (s) => bot.greenTea(s, { bamboo: true }), { texture: 'lines', accent: 'emerald' }),
  R('green-tea', / green tea| matcha/, (s) => bot.greenTea(s), { texture: 'dots', accent: 'emerald' }),
  R('tea-tree', / tea tree/, bot.teaTree, { texture: 'dots', accent: 'green' }),
  R('ocean', / ocean| marine| aqua| breeze| sea /, bot.ocean, { texture: 'dots', accent: 'cyan' }),
  R('rosemary', / rosemary/, bot.rosemary, { texture: 'lines', accent: 'emerald' }),
  R('rose', / rose| petal| floral/, bot.rosePetals, { texture: 'dots', accent: 'rose' }),
  R('eucalyptus', / eucalyptus/, bot.eucalyptus, { texture: 'dots', accent: 'teal' }),
  R('peppermint', / peppermint| mint/, bot.peppermint, { texture: 'hex', accent: 'emerald' }),
  R('cooling', / cooling| thermo regul| phase change/, bot.cooling, { texture: 'hex', accent: 'cyan' }),
  R('aloe', / aloe/, bot.aloe, { texture: 'dots', accent: 'lime' }),
  R('chamomile', / chamomile/, bot.chamomile, { texture: 'dots', accent: 'amber' }),
  R('neem', / neem/, bot.neem, { texture: 'hex', accent: 'lime' }),
  R('turmeric', / turmeric| curcum/, bot.turmeric, { texture: 'dots', accent: 'orange' }),
  R('vitamin', / vitamin| tocopher/, bot.vitaminE, { texture: 'hex', accent: 'amber' }),
  // Pigments and printing auxiliaries.
  R('neon-pigments', / neon| fluoresc/, col.neonStrokes, { tone: 'deep', texture: 'dots' }),
  R('micronized-pigments', / microni[sz]/, col.pigmentDust, { texture: 'dots' }),
  R('conventional-pigments', / conventional pigment| pigment colour/, col.pigmentDiscs, { texture: 'dots' }),
  R('binders', / binder/, col.binders, { texture: 'grid' }),
  R('thickeners', / thicken| rheolog/, col.thickener, { texture: 'dots', accent: ['amber', 'rose', 'sky'] }),
  // Speciality finishes and other effects on fabric.
  R('water-repellent', / water repell| hydrophob| durable water/, fin.waterRepellent, { texture: 'dots' }),
  R('uv-protection', / uv | ultraviolet| sun protect| upf/, fin.uvProtection, { texture: 'lines' }),
  R('flame-retardant', / flame| fire/, fin.flameRetardant, { texture: 'grid' }),
  R('anti-mosquito', / mosquito| insect| repellent/, fin.antiMosquito, { texture: 'hex' }),
  R('anti-pilling', / pilling/, fin.antiPilling, {}),
  R('anti-static', / static/, fin.antiStatic, { texture: 'dots', tone: 'deep' }),
  R('durable-press', / durable press| easy care| crease| wrinkle| non iron/, fin.durablePress, { texture: 'grid' }),
  R('moisture', / moisture| wicking| quick dry/, fin.moisture, { texture: 'dots' }),
  R('soil-release', / soil| stain/, fin.soilRelease, { texture: 'dots' }),
  R('softener', / soften| hand modif| silk/, (s) => fin.silk(s), { texture: 'dots' }),
  R('microencapsulation', / microencapsul| capsule/, sci.microencapsulation, { texture: 'dots' }),
  R('shield', / bacteria| virus| antimicrob| antibacter| hygien/, (s) => sci.shield(s), { texture: 'hex' }),
  R('anti-fungal', / fung| mould| mold/, (s) => sci.shield(s, { spores: true }), { texture: 'hex' }),
  R('sustainable', / sustainab| eco | bio based| green chem/, sci.sustainable, { texture: 'hex', accent: 'emerald' }),
  R('performance', / performance/, sci.performance, { texture: 'grid' }),
  R('cosmetic', / cosmetic| skin| moistur/, sci.cosmetic, { texture: 'dots' }),
  R('anti-odour', / odou?r/, (s) => sci.activesOnKnit(s, { cages: true }), { texture: 'hex' }),
  R('fixers', / fixer| cross link/, sci.lattice, { texture: 'grid', tone: 'deep' }),
  R('essential-oils', / essential oil/, bot.oilsOnLinen, { texture: 'dots' }),
  R('pigments', / pigment/, col.pigmentBands, { texture: 'dots' }),
  R('printing-auxiliaries', / printing auxiliar| print paste| rotary/, col.rotaryScreen, { texture: 'grid' }),
  R('speciality-finishes', / speciality finish/, fin.coatings, { texture: 'grid' }),
  R('speciality-prints', / speciality print| special effect print/, pr.printEffects, { texture: 'dots' }),
  R('aroma', / aroma| fragran| scent/, (s) => sci.capsulesOnFabric(s), { texture: 'dots' }),
  R('functional', / functional| slurr| active/, (s) => sci.activesOnKnit(s), { texture: 'hex' }),
];

export const DEFAULT_RECIPE = R('fibres-and-molecules', null, sci.fibresAndMolecules, { texture: 'dots' });

/** @param {string} subject normalised, see normaliseSubject() */
export function chooseRecipe(subject) {
  return RECIPES.find((r) => r.test?.test(subject)) ?? DEFAULT_RECIPE;
}
