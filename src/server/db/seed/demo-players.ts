// Demo players: well-known professional padel players (men's tour), countries as ISO 3166-1
// alpha-2 codes, in ranking order (index 0 is ranked 1). The rankings and the win/loss figures
// the seed derives from them are approximate demo values, not an official ranking: they only
// give the demo a believable order. Update the list freely; the seed only needs 40 names.
export interface DemoPlayer {
  name: string
  country: string
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { name: 'Arturo Coello', country: 'ES' },
  { name: 'Agustín Tapia', country: 'AR' },
  { name: 'Alejandro Galán', country: 'ES' },
  { name: 'Federico Chingotto', country: 'AR' },
  { name: 'Juan Lebrón', country: 'ES' },
  { name: 'Franco Stupaczuk', country: 'AR' },
  { name: 'Paquito Navarro', country: 'ES' },
  { name: 'Martín Di Nenno', country: 'AR' },
  { name: 'Mike Yanguas', country: 'ES' },
  { name: 'Francisco Guerrero', country: 'ES' },
  { name: 'Coki Nieto', country: 'ES' },
  { name: 'Jon Sanz', country: 'ES' },
  { name: 'Leandro Augsburger', country: 'AR' },
  { name: 'Juan Tello', country: 'AR' },
  { name: 'Javi Garrido', country: 'ES' },
  { name: 'Alejandro Ruiz', country: 'ES' },
  { name: 'Franco Dal Bianco', country: 'AR' },
  { name: 'Fernando Belasteguín', country: 'AR' },
  { name: 'Miguel Lamperti', country: 'AR' },
  { name: 'Lucas Bergamini', country: 'BR' },
  { name: 'Pablo Cardona', country: 'ES' },
  { name: 'Javier Leal', country: 'ES' },
  { name: 'Edu Alonso', country: 'ES' },
  { name: 'Víctor Ruiz', country: 'ES' },
  { name: 'Tino Libaak', country: 'AR' },
  { name: 'Juan Martín Díaz', country: 'AR' },
  { name: 'Maxi Sánchez', country: 'AR' },
  { name: 'Sanyo Gutiérrez', country: 'AR' },
  { name: 'Agustín Gómez Silingo', country: 'AR' },
  { name: 'Álex Arroyo', country: 'ES' },
  { name: 'Pablo Lima', country: 'BR' },
  { name: 'Juani Mieres', country: 'AR' },
  { name: 'Lucas Campagnolo', country: 'AR' },
  { name: 'Javier Ruiz', country: 'ES' },
  { name: 'Miguel Deus', country: 'PT' },
  { name: 'Nuno Deus', country: 'PT' },
  { name: 'Benjamin Tison', country: 'FR' },
  { name: 'Simone Cremona', country: 'IT' },
  { name: 'Maxi Arce', country: 'AR' },
  { name: 'Daniele Cattaneo', country: 'IT' },
]
