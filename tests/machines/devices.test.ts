import { describeModel } from '../support/model-vitest.js';
import { model } from './devices.model.js';

describeModel(model);
