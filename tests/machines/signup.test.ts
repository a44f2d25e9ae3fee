import { describeModel } from '../support/model-vitest.js';
import { model } from './signup.model.js';

describeModel(model);
