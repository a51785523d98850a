// Demo players: invented names (no real athlete is misrepresented), countries as ISO 3166-1
// alpha-2 codes, in ranking order (index 0 is ranked 1).
export interface DemoPlayer {
  name: string
  country: string
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { name: 'Álvaro Navarro', country: 'ES' },
  { name: 'Facundo Paredes', country: 'AR' },
  { name: 'Javier Ortega', country: 'ES' },
  { name: 'Tomás Aguirre', country: 'AR' },
  { name: 'Marcos Ibáñez', country: 'ES' },
  { name: 'Rafael Tavares', country: 'BR' },
  { name: 'Nicolás Ferreyra', country: 'AR' },
  { name: 'Pablo Serrano', country: 'ES' },
  { name: 'Lorenzo Bianchi', country: 'IT' },
  { name: 'Matías Sosa', country: 'AR' },
  { name: 'Diego Molina', country: 'ES' },
  { name: 'Théo Marchand', country: 'FR' },
  { name: 'Sergio Castaño', country: 'ES' },
  { name: 'Lucas Benedetti', country: 'AR' },
  { name: 'Duarte Correia', country: 'PT' },
  { name: 'Iván Prieto', country: 'ES' },
  { name: 'Gonzalo Quiroga', country: 'AR' },
  { name: 'Emiliano Cárdenas', country: 'MX' },
  { name: 'Raúl Benítez', country: 'ES' },
  { name: 'Gustavo Lima', country: 'BR' },
  { name: 'Oskar Lindqvist', country: 'SE' },
  { name: 'Hugo Lozano', country: 'ES' },
  { name: 'Franco Acosta', country: 'AR' },
  { name: 'Matteo Galli', country: 'IT' },
  { name: 'Adrián Vidal', country: 'ES' },
  { name: 'Santiago Olivera', country: 'UY' },
  { name: 'Julien Roux', country: 'FR' },
  { name: 'Carlos Domínguez', country: 'ES' },
  { name: 'Benjamín Fuentes', country: 'CL' },
  { name: 'Arnaud Peeters', country: 'BE' },
  { name: 'Julián Ledesma', country: 'AR' },
  { name: 'Tiago Fontes', country: 'PT' },
  { name: 'Thiago Moura', country: 'BR' },
  { name: 'Miguel Ángel Romero', country: 'ES' },
  { name: 'Daan Visser', country: 'NL' },
  { name: 'Rodrigo Villaseñor', country: 'MX' },
  { name: 'Ezequiel Benítez', country: 'PY' },
  { name: 'Callum Reid', country: 'GB' },
  { name: 'Jonas Weber', country: 'DE' },
  { name: 'Ethan Caldwell', country: 'US' },
]
