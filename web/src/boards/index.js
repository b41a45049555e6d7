// Which board draws which game: Ra, Egizia and Sobek have their own; any other game the generic one.
import { RaBoard, raLabel } from './ra.js';
import { EgiziaBoard, egiziaLabel } from './egizia.js';
import { SobekBoard, sobekLabel } from './sobek.js';
import { IstanbulBoard, istanbulLabel } from './istanbul.js';
import { GenericBoard, genericLabel } from './generic.js';

const BOARDS = {
  ra: [RaBoard, raLabel],
  egizia: [EgiziaBoard, egiziaLabel],
  sobek: [SobekBoard, sobekLabel],
  istanbul: [IstanbulBoard, istanbulLabel],
};

export function boardFor(game) {
  return BOARDS[game] || [GenericBoard, genericLabel];
}
