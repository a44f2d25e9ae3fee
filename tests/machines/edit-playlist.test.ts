import { describeModel } from '../support/model-vitest.js';
import { model } from './edit-playlist.model.js';

describeModel(model);
