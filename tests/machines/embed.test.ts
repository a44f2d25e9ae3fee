import { describeModel } from '../support/model-vitest.js';
import { model } from './embed.model.js';

describeModel(model);
