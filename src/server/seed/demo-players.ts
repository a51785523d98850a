// Demo players: well-known professional padel players (men's tour), countries as ISO 3166-1
// alpha-2 codes, in ranking order (index 0 is ranked 1). The rankings and the win/loss figures
// the seed derives from them are approximate demo values, not an official ranking: they only
// give the demo a believable order. Update the list freely; the seed only needs 40 names.
export interface DemoPlayer {
  name: string
  /** What the bracket cards show: the whole surname, compound ones included. */
  shortName: string
  country: string
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { name: 'Arturo Coello', shortName: 'Coello', country: 'ES' },
  { name: 'Agustín Tapia', shortName: 'Tapia', country: 'AR' },
  { name: 'Alejandro Galán', shortName: 'Galán', country: 'ES' },
  { name: 'Federico Chingotto', shortName: 'Chingotto', country: 'AR' },
  { name: 'Juan Lebrón', shortName: 'Lebrón', country: 'ES' },
  { name: 'Franco Stupaczuk', shortName: 'Stupaczuk', country: 'AR' },
  { name: 'Paquito Navarro', shortName: 'Navarro', country: 'ES' },
  { name: 'Martín Di Nenno', shortName: 'Di Nenno', country: 'AR' },
  { name: 'Mike Yanguas', shortName: 'Yanguas', country: 'ES' },
  { name: 'Francisco Guerrero', shortName: 'Guerrero', country: 'ES' },
  { name: 'Coki Nieto', shortName: 'Nieto', country: 'ES' },
  { name: 'Jon Sanz', shortName: 'Sanz', country: 'ES' },
  { name: 'Leandro Augsburger', shortName: 'Augsburger', country: 'AR' },
  { name: 'Juan Tello', shortName: 'Tello', country: 'AR' },
  { name: 'Javi Garrido', shortName: 'Garrido', country: 'ES' },
  { name: 'Alejandro Ruiz', shortName: 'Ruiz', country: 'ES' },
  { name: 'Franco Dal Bianco', shortName: 'Dal Bianco', country: 'AR' },
  { name: 'Fernando Belasteguín', shortName: 'Belasteguín', country: 'AR' },
  { name: 'Miguel Lamperti', shortName: 'Lamperti', country: 'AR' },
  { name: 'Lucas Bergamini', shortName: 'Bergamini', country: 'BR' },
  { name: 'Pablo Cardona', shortName: 'Cardona', country: 'ES' },
  { name: 'Javier Leal', shortName: 'Leal', country: 'ES' },
  { name: 'Edu Alonso', shortName: 'Alonso', country: 'ES' },
  { name: 'Víctor Ruiz', shortName: 'Ruiz', country: 'ES' },
  { name: 'Tino Libaak', shortName: 'Libaak', country: 'AR' },
  { name: 'Juan Martín Díaz', shortName: 'Díaz', country: 'AR' },
  { name: 'Maxi Sánchez', shortName: 'Sánchez', country: 'AR' },
  { name: 'Sanyo Gutiérrez', shortName: 'Gutiérrez', country: 'AR' },
  { name: 'Agustín Gómez Silingo', shortName: 'Gómez Silingo', country: 'AR' },
  { name: 'Álex Arroyo', shortName: 'Arroyo', country: 'ES' },
  { name: 'Pablo Lima', shortName: 'Lima', country: 'BR' },
  { name: 'Juani Mieres', shortName: 'Mieres', country: 'AR' },
  { name: 'Lucas Campagnolo', shortName: 'Campagnolo', country: 'AR' },
  { name: 'Javier Ruiz', shortName: 'Ruiz', country: 'ES' },
  { name: 'Miguel Deus', shortName: 'Deus', country: 'PT' },
  { name: 'Nuno Deus', shortName: 'Deus', country: 'PT' },
  { name: 'Benjamin Tison', shortName: 'Tison', country: 'FR' },
  { name: 'Simone Cremona', shortName: 'Cremona', country: 'IT' },
  { name: 'Maxi Arce', shortName: 'Arce', country: 'AR' },
  { name: 'Daniele Cattaneo', shortName: 'Cattaneo', country: 'IT' },
]
