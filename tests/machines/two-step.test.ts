import { describeModel } from '../support/model-vitest.js';
import { model } from './two-step.model.js';

describeModel(model);
