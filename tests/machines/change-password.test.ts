import { describeModel } from '../support/model-vitest.js';
import { model } from './change-password.model.js';

describeModel(model);
